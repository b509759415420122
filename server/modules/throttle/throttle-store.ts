/** A counter's state: `count` consecutive failures (or hits in the window), and a lock. */
export interface CounterState {
  count: number;
  windowStart: Date;
  lastAt: Date;
  lockedUntil: Date | null;
}

/**
 * Where throttling counters live: PostgreSQL by default, Redis when `REDIS_URL` is set, so
 * several instances share them. Every write is one atomic operation on the store.
 */
export interface ThrottleStore {
  read(key: string): Promise<CounterState | null>;
  /** Adds one failure; a counter idle for `resetAfterMs` starts again from one. */
  fail(key: string, now: Date, resetAfterMs: number): Promise<CounterState>;
  /** Locks the key until `until` and starts its count again. */
  lock(key: string, until: Date): Promise<void>;
  /** Adds one hit in a fixed window of `windowMs`; answers the count in the current window. */
  hit(key: string, now: Date, windowMs: number): Promise<CounterState>;
  reset(key: string): Promise<void>;
  close(): Promise<void>;
}
