import { AppError } from "../../lib/app-error.ts";

export interface HashGateOptions {
  /** Hashes computed at once (argon2id takes 19 MiB and tens of milliseconds each). */
  concurrency: number;
  /** Hashes allowed to wait for a slot; more are shed with 503 instead of queueing without end. */
  maxQueue: number;
  /** Requests that need a hash in flight at once from one source address, in this process. */
  perSource: number;
}

/**
 * Bounds the password-hashing work of one process. Work from one source address is admitted
 * only while that source has fewer than `perSource` requests in flight (else 429 at once, before
 * any database or hash work); hashes run `concurrency` at a time, with at most `maxQueue` waiting
 * (else 503). Both refusals carry Retry-After, so a flood from one address cannot make the queue
 * grow and delay everybody else's login.
 */
export class HashGate {
  private active = 0;
  private readonly waiting: (() => void)[] = [];
  private readonly sources = new Map<string, number>();
  private readonly options: HashGateOptions;

  constructor(options: HashGateOptions) {
    this.options = options;
  }

  /**
   * Admits one request from `source` (call it as the request arrives, before the throttle, the
   * database or body parsing): 429 when the source already has its share in flight. The returned
   * function ends the admission; calling it again does nothing.
   */
  enter(source: string): () => void {
    const current = this.sources.get(source) ?? 0;
    if (!this.hasRoom(source)) {
      throw new AppError("request.rate_limited", { headers: { "Retry-After": "1" } });
    }
    this.sources.set(source, current + 1);
    let left = false;
    return () => {
      if (left) return;
      left = true;
      const rest = (this.sources.get(source) ?? 1) - 1;
      if (rest <= 0) this.sources.delete(source);
      else this.sources.set(source, rest);
    };
  }

  /** Whether `source` may have one more request admitted now. */
  hasRoom(source: string): boolean {
    return (this.sources.get(source) ?? 0) < this.options.perSource;
  }

  /** Runs one hash when a slot is free; 503 with Retry-After when too many already wait. */
  async run<T>(fn: () => Promise<T>): Promise<T> {
    if (this.active >= this.options.concurrency) {
      if (this.waiting.length >= this.options.maxQueue) {
        throw new AppError("server.busy", { headers: { "Retry-After": "1" } });
      }
      // The slot is handed over by the hash that ends: `active` already counts this one.
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.active += 1;
    }
    try {
      return await fn();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.active -= 1;
    }
  }

  /** For /metrics and tests. */
  stats(): { active: number; waiting: number; sources: number } {
    return { active: this.active, waiting: this.waiting.length, sources: this.sources.size };
  }
}
