import { createHash } from "node:crypto";
import { AppError } from "../../lib/app-error.ts";
import type { Clock } from "../../app-context.ts";
import type { ThrottleStore } from "./throttle-store.ts";

/**
 * Consecutive-failure throttling (login, 2FA, confirmations): the first `free` failures cost
 * nothing, then each attempt must wait a doubling delay up to `maxDelayMs`; `lockAfter`
 * consecutive failures lock the key for `lockMs`. A success resets the key.
 */
export interface FailurePolicy {
  kind: "failures";
  free: number;
  baseDelayMs: number;
  maxDelayMs: number;
  lockAfter: number;
  lockMs: number;
  /** A counter without failures for this long starts again. */
  resetAfterMs: number;
}

/** Request-rate throttling (e-mails sent, contact messages): at most `limit` per window. */
export interface RatePolicy {
  kind: "rate";
  limit: number;
  windowMs: number;
}

const HOUR = 3_600_000;

export interface ThrottleSettings {
  lockAfter: number;
  lockMs: number;
}

/** The product's policies; the account lock is configurable (security baseline). */
export function throttlePolicies(settings: ThrottleSettings) {
  const accountFailures: FailurePolicy = {
    kind: "failures",
    free: 5,
    baseDelayMs: 1_000,
    maxDelayMs: 30_000,
    lockAfter: settings.lockAfter,
    lockMs: settings.lockMs,
    resetAfterMs: 2 * HOUR,
  };
  return {
    /** Per account on password, 2FA and confirmation attempts. */
    accountFailures,
    /** Per IP: many users may share one address, so more is free and nothing locks. */
    ipFailures: { ...accountFailures, free: 30, lockAfter: Number.POSITIVE_INFINITY } satisfies FailurePolicy,
    /** E-mails to one address (registration, code requests, reset): 5 an hour. */
    emailRate: { kind: "rate", limit: 5, windowMs: HOUR } satisfies RatePolicy,
    /** Requests that send e-mail or store messages, per IP: 30 an hour. */
    ipRate: { kind: "rate", limit: 30, windowMs: HOUR } satisfies RatePolicy,
  };
}
export type ThrottlePolicies = ReturnType<typeof throttlePolicies>;

/** Keys never carry an address in clear: e-mails and IPs are hashed. */
export function throttleKey(scope: string, subject: string): string {
  return `${scope}:${createHash("sha256").update(subject.toLowerCase()).digest("base64url").slice(0, 32)}`;
}

function delayAfter(count: number, policy: FailurePolicy): number {
  if (count < policy.free) return 0;
  return Math.min(policy.baseDelayMs * 2 ** (count - policy.free), policy.maxDelayMs);
}

function rateLimited(retryAfterMs: number, locked: boolean): AppError {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  return new AppError(locked ? "auth.locked" : "request.rate_limited", {
    headers: { "Retry-After": String(seconds) },
  });
}

export class Throttle {
  private readonly store: ThrottleStore;
  private readonly clock: Clock;
  constructor(store: ThrottleStore, clock: Clock) {
    this.store = store;
    this.clock = clock;
  }

  /** Throws 429 (with Retry-After) when any key must wait or is locked. Call before the work. */
  async assertAllowed(keys: { key: string; policy: FailurePolicy }[]): Promise<void> {
    const now = this.clock.now().getTime();
    let wait = 0;
    let locked = false;
    for (const { key, policy } of keys) {
      const state = await this.store.read(key);
      if (!state) continue;
      if (state.lockedUntil && state.lockedUntil.getTime() > now) {
        wait = Math.max(wait, state.lockedUntil.getTime() - now);
        locked = true;
        continue;
      }
      if (now - state.lastAt.getTime() >= policy.resetAfterMs) continue;
      const until = state.lastAt.getTime() + delayAfter(state.count, policy);
      if (until > now) wait = Math.max(wait, until - now);
    }
    if (wait > 0) throw rateLimited(wait, locked);
  }

  /** Counts one failure on each key; locks a key that reached its limit. */
  async recordFailure(keys: { key: string; policy: FailurePolicy }[]): Promise<void> {
    const now = this.clock.now();
    for (const { key, policy } of keys) {
      const state = await this.store.fail(key, now, policy.resetAfterMs);
      if (state.count >= policy.lockAfter) await this.store.lock(key, new Date(now.getTime() + policy.lockMs));
    }
  }

  async recordSuccess(keys: string[]): Promise<void> {
    for (const key of keys) await this.store.reset(key);
  }

  /** Counts one request on each key; throws 429 when a key is over its rate. */
  async hit(keys: { key: string; policy: RatePolicy }[]): Promise<void> {
    const now = this.clock.now();
    let wait = 0;
    for (const { key, policy } of keys) {
      const state = await this.store.hit(key, now, policy.windowMs);
      if (state.count > policy.limit) {
        wait = Math.max(wait, state.windowStart.getTime() + policy.windowMs - now.getTime());
      }
    }
    if (wait > 0) throw rateLimited(wait, false);
  }
}
