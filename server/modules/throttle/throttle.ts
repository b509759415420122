import { createHash, createHmac } from "node:crypto";
import { AppError } from "../../lib/app-error.ts";
import type { Clock } from "../../lib/clock.ts";
import type { FailurePolicy, RatePolicy, ThrottleStore } from "./throttle-store.ts";

export type { FailurePolicy, RatePolicy } from "./throttle-store.ts";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export interface ThrottleSettings {
  lockAfter: number;
  lockMs: number;
}

/**
 * The product's policies (docs/security.md, "Throttling", says the same in words). The account
 * lock is configurable (security baseline: 100 consecutive failures, an hour).
 */
export function throttlePolicies(settings: ThrottleSettings) {
  /** One source against one account: the guesser's own address slows down, then is shut out. */
  const pairFailures: FailurePolicy = {
    kind: "failures",
    free: 5,
    baseDelayMs: 1_000,
    maxDelayMs: 30_000,
    lockAfter: 20,
    lockMs: HOUR,
    resetAfterMs: 2 * HOUR,
  };
  return {
    pairFailures,
    /**
     * Every source against one account: no delays (a distributed guesser must not slow the owner
     * down), a lock after `lockAfter` consecutive failures; while locked a source with no failures
     * against the account may still try once every five minutes, so the owner is never shut out.
     */
    accountFailures: {
      kind: "failures",
      free: Number.POSITIVE_INFINITY,
      baseDelayMs: 0,
      maxDelayMs: 0,
      lockAfter: settings.lockAfter,
      lockMs: settings.lockMs,
      resetAfterMs: 2 * HOUR,
      lockedDelayMs: 5 * MINUTE,
    } satisfies FailurePolicy,
    /** One source against any accounts (credential stuffing): many share an address, nothing locks. */
    ipFailures: { ...pairFailures, free: 30, lockAfter: Number.POSITIVE_INFINITY } satisfies FailurePolicy,
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

/** The keys of one guarded secret (password or second factor) for one account from one source. */
export function guardKeys(scope: string, account: string, source: string) {
  return {
    ip: throttleKey(`${scope}:ip`, source),
    pair: throttleKey(`${scope}:pair`, `${account}\n${source}`),
    account: throttleKey(`${scope}:acct`, account),
  };
}

function rateLimited(retryAfterMs: number, locked: boolean): AppError {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  return new AppError(locked ? "auth.locked" : "request.rate_limited", {
    headers: { "Retry-After": String(seconds) },
  });
}

export interface FailureKey {
  key: string;
  policy: FailurePolicy;
  /** The caller has no failures of its own against this key's subject (see FailurePolicy). */
  bypass?: boolean;
}

/** An attempt that was reserved: it already counts as a failure until `succeeded()`. */
export interface Attempt {
  /** The check passed: counters of the guessed secret start over, the others get the attempt back. */
  succeeded(): Promise<void>;
}

/**
 * The store as the throttle sees it, with every key passed through an HMAC of the deployment's
 * secret: what is stored cannot be computed from an e-mail address or IP by someone who only knows
 * the address (the readable scope before the last `:` stays, for operators).
 */
export function keyedStore(store: ThrottleStore, secret: string): ThrottleStore {
  const k = (key: string) => {
    const cut = key.lastIndexOf(":");
    const mac = createHmac("sha256", secret).update(key).digest("base64url").slice(0, 32);
    return cut > 0 ? `${key.slice(0, cut)}:${mac}` : mac;
  };
  return {
    read: (key) => store.read(k(key)),
    consume: (key, now, policy, bypass) => store.consume(k(key), now, policy, bypass),
    refund: (key) => store.refund(k(key)),
    hit: (key, now, windowMs) => store.hit(k(key), now, windowMs),
    reset: (key) => store.reset(k(key)),
    acquire: (key, now, ttlMs) => store.acquire(k(key), now, ttlMs),
    release: (key, now) => store.release(k(key), now),
    close: () => store.close(),
  };
}

export class Throttle {
  private readonly store: ThrottleStore;
  private readonly clock: Clock;
  private readonly policies: ThrottlePolicies;
  /** `secret` keys the stored counters (keyedStore); tests of the stores may leave it out. */
  constructor(store: ThrottleStore, clock: Clock, policies: ThrottlePolicies, secret?: string) {
    this.store = secret ? keyedStore(store, secret) : store;
    this.clock = clock;
    this.policies = policies;
  }

  /**
   * Reserves one attempt on each key, in order, before the secret is checked: each reservation
   * decides and counts atomically in the store. When a key refuses, the keys reserved before it
   * get their attempt back (it was never checked) and a 429 with Retry-After is thrown.
   */
  async reserve(keys: FailureKey[], resetOnSuccess: string[] = []): Promise<Attempt> {
    const now = this.clock.now();
    const reserved: string[] = [];
    for (const { key, policy, bypass } of keys) {
      const result = await this.store.consume(key, now, policy, bypass ?? false);
      if (!result.allowed) {
        for (const done of reserved) await this.store.refund(done);
        throw rateLimited(result.retryAfterMs, result.locked);
      }
      reserved.push(key);
    }
    return {
      succeeded: async () => {
        for (const key of reserved) {
          if (resetOnSuccess.includes(key)) await this.store.reset(key);
          else await this.store.refund(key);
        }
      },
    };
  }

  /**
   * Reserves an attempt at an account's secret (password, second factor) from one source, under
   * three counters: the source against any account, the source against this account, and every
   * source against this account. The account-wide lock does not shut out a source that has no
   * failures against the account (it may try every few minutes), and a success resets the pair
   * and the account counters.
   */
  async reserveGuess(scope: string, account: string, source: string): Promise<Attempt> {
    const keys = guardKeys(scope, account, source);
    const now = this.clock.now();
    const ip = await this.store.consume(keys.ip, now, this.policies.ipFailures, false);
    if (!ip.allowed) throw rateLimited(ip.retryAfterMs, false);
    const pair = await this.store.consume(keys.pair, now, this.policies.pairFailures, false);
    if (!pair.allowed) {
      await this.store.refund(keys.ip);
      throw rateLimited(pair.retryAfterMs, pair.locked);
    }
    const clean = pair.count === 1;
    const acct = await this.store.consume(keys.account, now, this.policies.accountFailures, clean);
    if (!acct.allowed) {
      await this.store.refund(keys.pair);
      await this.store.refund(keys.ip);
      throw rateLimited(acct.retryAfterMs, acct.locked);
    }
    return {
      succeeded: async () => {
        await this.store.reset(keys.pair);
        await this.store.reset(keys.account);
        // A success is no guess: many people share an address, and their logins must not count.
        await this.store.refund(keys.ip);
      },
    };
  }

  /** Reserves a guess at an e-mailed link code from one source (registration, reset, e-mail change). */
  reserveLinkGuess(source: string): Promise<Attempt> {
    return this.reserve([{ key: throttleKey("code:ip", source), policy: this.policies.ipFailures }]);
  }

  /**
   * Lifts an account's guessing counters after its owner proved control another way (a used reset
   * link): the account-wide lock and the owner's own source.
   */
  async forgiveGuesses(scope: string, account: string, source: string): Promise<void> {
    const keys = guardKeys(scope, account, source);
    await this.store.reset(keys.account);
    await this.store.reset(keys.pair);
  }

  /**
   * Forgets a deleted account's counters: the account-wide ones of every guessed secret. Counters
   * of (account, source) pairs cannot be found without the source; they expire a day after their
   * last attempt (Redis) or are pruned by the retention job (PostgreSQL).
   */
  async forgetAccount(userId: string, email: string | null): Promise<void> {
    if (email) await this.store.reset(guardKeys("login", email.toLowerCase(), "").account);
    for (const scope of ["2fa", "confirm"]) await this.store.reset(guardKeys(scope, userId, "").account);
  }

  /**
   * Runs `fn` while holding the only lease on `key` (at most one check in flight, across
   * instances); a concurrent caller gets 429 at once. The lease lasts at most `ttlMs`.
   */
  async exclusive<T>(key: string, ttlMs: number, fn: () => Promise<T>): Promise<T> {
    const now = this.clock.now();
    if (!(await this.store.acquire(key, now, ttlMs))) throw rateLimited(1_000, false);
    try {
      return await fn();
    } finally {
      await this.store.release(key, now);
    }
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
