/** A counter's state: `count` failures (or hits in the window), and a lock. */
export interface CounterState {
  count: number;
  windowStart: Date;
  lastAt: Date;
  lockedUntil: Date | null;
}

/**
 * Consecutive-failure throttling (login, 2FA, confirmations). Attempts are reserved before they
 * are checked: the first `free` attempts since the counter started go at once, each later one only
 * when a delay doubling from `baseDelayMs` up to `maxDelayMs` has passed since the last attempt;
 * the attempt that reaches `lockAfter` locks the key for `lockMs`. While a key is locked, a caller
 * marked as `bypass` (a source with no failures of its own) may still make one attempt every
 * `lockedDelayMs`, when the policy sets it. A success resets the key.
 */
export interface FailurePolicy {
  kind: "failures";
  free: number;
  baseDelayMs: number;
  maxDelayMs: number;
  lockAfter: number;
  lockMs: number;
  /** A counter without attempts for this long starts again. */
  resetAfterMs: number;
  /** While locked, one attempt from a clean source every this many ms (omitted: none). */
  lockedDelayMs?: number;
}

/** Request-rate throttling (e-mails sent, contact messages): at most `limit` per window. */
export interface RatePolicy {
  kind: "rate";
  limit: number;
  windowMs: number;
}

/** What a reservation answered: allowed (and counted), or refused with how long to wait. */
export interface ConsumeResult {
  allowed: boolean;
  /** The count after this attempt (allowed) or as it stands (refused). */
  count: number;
  /** Refused: milliseconds until an attempt can be allowed again. */
  retryAfterMs: number;
  /** Refused because the key is locked. */
  locked: boolean;
}

/**
 * Where throttling counters live: PostgreSQL by default, Redis when `REDIS_URL` is set, so
 * several instances share them. Every write is one atomic operation on the store: a reservation
 * decides and counts in the same statement (or Lua script), so simultaneous attempts count one by
 * one and a burst can never pass more attempts than the policy allows.
 */
export interface ThrottleStore {
  read(key: string): Promise<CounterState | null>;
  /** Reserves one attempt under a failure policy: checks and counts it atomically. */
  consume(key: string, now: Date, policy: FailurePolicy, bypass: boolean): Promise<ConsumeResult>;
  /**
   * Gives back one reserved attempt that did not count (a success, or a later key refused it):
   * the count and the time of the last attempt go back, so it delays nobody.
   */
  refund(key: string): Promise<void>;
  /** Adds one hit in a fixed window of `windowMs`; answers the count in the current window. */
  hit(key: string, now: Date, windowMs: number): Promise<CounterState>;
  reset(key: string): Promise<void>;
  /** Takes a short lease (one check in flight per key); false while another holds it. */
  acquire(key: string, now: Date, ttlMs: number): Promise<boolean>;
  /** Ends a lease taken at `now` (a lease that expired and was taken again is left alone). */
  release(key: string, now: Date): Promise<void>;
  close(): Promise<void>;
}

/** Exponents are capped so a never-locking counter with a huge count cannot overflow. */
export const MAX_DOUBLINGS = 40;

/** The wait after `count` attempts under `policy` (0 while attempts are free). */
export function delayAfter(count: number, policy: FailurePolicy): number {
  if (count < policy.free) return 0;
  return Math.min(policy.baseDelayMs * 2 ** Math.min(count - policy.free, MAX_DOUBLINGS), policy.maxDelayMs);
}

/**
 * The decision a store makes atomically, written once in JavaScript: the PostgreSQL statement and
 * the Redis script implement exactly this, and stores use it to explain a refusal.
 */
export function decide(state: CounterState | null, now: number, policy: FailurePolicy, bypass: boolean): ConsumeResult {
  if (!state) return { allowed: true, count: 1, retryAfterMs: 0, locked: false };
  const lockedUntil = state.lockedUntil?.getTime() ?? 0;
  const last = state.lastAt.getTime();
  if (lockedUntil > now) {
    if (bypass && policy.lockedDelayMs !== undefined) {
      const next = last + policy.lockedDelayMs;
      if (next <= now) return { allowed: true, count: state.count + 1, retryAfterMs: 0, locked: false };
      return { allowed: false, count: state.count, retryAfterMs: Math.min(next, lockedUntil) - now, locked: true };
    }
    return { allowed: false, count: state.count, retryAfterMs: lockedUntil - now, locked: true };
  }
  const fresh = lockedUntil !== 0 || now - last > policy.resetAfterMs;
  if (fresh) return { allowed: true, count: 1, retryAfterMs: 0, locked: false };
  const next = last + delayAfter(state.count, policy);
  if (next <= now) return { allowed: true, count: state.count + 1, retryAfterMs: 0, locked: false };
  return { allowed: false, count: state.count, retryAfterMs: next - now, locked: false };
}

/** A large stand-in for "never" (no lock, no end to free attempts) that stores can compare with an integer count. */
export function finite(n: number): number {
  return Number.isFinite(n) ? n : 2 ** 31 - 1;
}
