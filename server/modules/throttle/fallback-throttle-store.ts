import type { ConsumeResult, CounterState, FailurePolicy, ThrottleStore } from "./throttle-store.ts";

/**
 * A shared store (Redis) with a fallback (PostgreSQL) that takes over while the shared one fails
 * or is slow (docs/decisions/020-degrade-dont-fail.md). Every operation runs on exactly one of the
 * two, so each keeps its own atomic reservation (`decide`, one statement or one script); the
 * fallback runs the same policy. The first error or timeout of the shared store switches this
 * process to the fallback at once (the operation is done again there), and a probe every
 * `recheckMs` switches back as soon as the shared store answers again.
 */

export interface ProbedStore extends ThrottleStore {
  /** Answers when the store is reachable; throws (within its time limit) when not. */
  ping(): Promise<void>;
}

export interface FallbackOptions {
  recheckMs: number;
  /** Told when the shared store goes away and comes back (reason: an error code only). */
  onDown?: (reason: string) => void;
  onUp?: () => void;
}

/** Resets made in the fallback that the shared store must also get when it is back (capped). */
const MAX_PENDING_RESETS = 10_000;

function reasonOf(error: unknown): string {
  const e = error as { code?: unknown; name?: unknown; message?: unknown };
  if (typeof e?.code === "string") return e.code;
  if (typeof e?.message === "string" && /timed out/i.test(e.message)) return "ETIMEDOUT";
  return typeof e?.name === "string" ? e.name : "error";
}

export class FallbackThrottleStore implements ThrottleStore {
  private readonly primary: ProbedStore;
  private readonly fallback: ThrottleStore;
  private readonly options: FallbackOptions;
  private degraded = false;
  private probe: ReturnType<typeof setInterval> | null = null;
  private probing = false;
  private readonly pendingResets = new Set<string>();

  constructor(primary: ProbedStore, fallback: ThrottleStore, options: FallbackOptions) {
    this.primary = primary;
    this.fallback = fallback;
    this.options = options;
  }

  /** True while the fallback counts instead of the shared store. */
  get usingFallback(): boolean {
    return this.degraded;
  }

  private failOver(error: unknown): void {
    if (this.degraded) return;
    this.degraded = true;
    this.options.onDown?.(reasonOf(error));
    this.probe = setInterval(() => void this.recheck(), this.options.recheckMs);
    this.probe.unref();
  }

  /** One probe: when the shared store answers, the resets it missed are applied and it counts again. */
  async recheck(): Promise<boolean> {
    if (!this.degraded || this.probing) return !this.degraded;
    this.probing = true;
    try {
      await this.primary.ping();
      for (const key of [...this.pendingResets]) {
        await this.primary.reset(key);
        this.pendingResets.delete(key);
      }
      this.degraded = false;
      if (this.probe) clearInterval(this.probe);
      this.probe = null;
      this.options.onUp?.();
      return true;
    } catch {
      return false;
    } finally {
      this.probing = false;
    }
  }

  private async run<T>(op: (store: ThrottleStore) => Promise<T>): Promise<T> {
    if (!this.degraded) {
      try {
        return await op(this.primary);
      } catch (error) {
        this.failOver(error);
      }
    }
    return op(this.fallback);
  }

  read(key: string): Promise<CounterState | null> {
    return this.run((s) => s.read(key));
  }

  consume(key: string, now: Date, policy: FailurePolicy, bypass: boolean): Promise<ConsumeResult> {
    return this.run((s) => s.consume(key, now, policy, bypass));
  }

  refund(key: string): Promise<void> {
    return this.run((s) => s.refund(key));
  }

  hit(key: string, now: Date, windowMs: number): Promise<CounterState> {
    return this.run((s) => s.hit(key, now, windowMs));
  }

  async reset(key: string): Promise<void> {
    await this.run((s) => s.reset(key));
    // A success while the shared store is away: its older counters (a lock) must not come back with it.
    if (this.degraded && this.pendingResets.size < MAX_PENDING_RESETS) this.pendingResets.add(key);
  }

  acquire(key: string, now: Date, ttlMs: number): Promise<boolean> {
    return this.run((s) => s.acquire(key, now, ttlMs));
  }

  release(key: string, now: Date): Promise<void> {
    return this.run((s) => s.release(key, now));
  }

  async close(): Promise<void> {
    if (this.probe) clearInterval(this.probe);
    this.probe = null;
    await Promise.all([this.primary.close(), this.fallback.close()]);
  }
}
