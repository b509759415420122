import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { FakeClock } from "../../testing/test-app.ts";
import { Throttle, throttlePolicies } from "./throttle.ts";
import type { ThrottleStore } from "./throttle-store.ts";
import { AppError } from "../../lib/app-error.ts";

const policies = throttlePolicies({ lockAfter: 10, lockMs: 3_600_000 });

async function refusal(fn: () => Promise<void>): Promise<AppError | null> {
  try {
    await fn();
    return null;
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
}

/** The behaviour every throttling store must have (PostgreSQL and Redis run the same tests). */
export function throttleStoreContract(name: string, makeStore: () => Promise<ThrottleStore>): void {
  describe(`throttling on ${name}`, () => {
    const key = () => `test:${randomUUID()}`;

    it("counts consecutive failures, then asks to wait with a doubling delay", async () => {
      const clock = new FakeClock(Date.UTC(2026, 0, 1));
      const throttle = new Throttle(await makeStore(), clock);
      const k = { key: key(), policy: policies.accountFailures };
      for (let i = 0; i < 5; i++) {
        await throttle.assertAllowed([k]);
        await throttle.recordFailure([k]);
      }
      const first = await refusal(() => throttle.assertAllowed([k]));
      expect(first?.code).toBe("request.rate_limited");
      expect(first?.headers?.["Retry-After"]).toBe("1");
      clock.advance(1_000);
      await throttle.assertAllowed([k]);
      await throttle.recordFailure([k]);
      expect((await refusal(() => throttle.assertAllowed([k])))?.headers?.["Retry-After"]).toBe("2");
    });

    it("locks after the limit of consecutive failures, and a success resets the count", async () => {
      const clock = new FakeClock(Date.UTC(2026, 0, 1));
      const throttle = new Throttle(await makeStore(), clock);
      const k = { key: key(), policy: policies.accountFailures };
      for (let i = 0; i < 4; i++) await throttle.recordFailure([k]);
      await throttle.recordSuccess([k.key]);
      await throttle.assertAllowed([k]);
      for (let i = 0; i < 10; i++) {
        clock.advance(60_000);
        await throttle.recordFailure([k]);
      }
      const locked = await refusal(() => throttle.assertAllowed([k]));
      expect(locked?.code).toBe("auth.locked");
      expect(Number(locked?.headers?.["Retry-After"])).toBe(3_600);
      clock.advance(3_600_000);
      await throttle.assertAllowed([k]);
    });

    it("limits request rates per window", async () => {
      const clock = new FakeClock(Date.UTC(2026, 0, 1));
      const throttle = new Throttle(await makeStore(), clock);
      const k = { key: key(), policy: policies.emailRate };
      for (let i = 0; i < 5; i++) await throttle.hit([k]);
      const over = await refusal(() => throttle.hit([k]));
      expect(over?.code).toBe("request.rate_limited");
      expect(Number(over?.headers?.["Retry-After"])).toBe(3_600);
      clock.advance(3_600_000);
      await throttle.hit([k]);
    });

    it("counts concurrent failures without losing any", async () => {
      const clock = new FakeClock(Date.UTC(2026, 0, 1));
      const store = await makeStore();
      const k = key();
      await Promise.all(Array.from({ length: 20 }, () => store.fail(k, clock.now(), 3_600_000)));
      expect((await store.read(k))?.count).toBe(20);
    });
  });
}
