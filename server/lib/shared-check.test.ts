import { describe, expect, it } from "vitest";
import { sharedCheck } from "./shared-check.ts";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("sharedCheck", () => {
  it("answers false at its time limit while the check still runs, and callers meanwhile share that check", async () => {
    let calls = 0;
    let finish!: (ready: boolean) => void;
    const ready = sharedCheck(() => {
      calls += 1;
      return new Promise<boolean>((resolve) => (finish = resolve));
    }, 50);
    const started = performance.now();
    expect(await Promise.all([ready(), ready(), ready()])).toEqual([false, false, false]);
    expect(performance.now() - started).toBeLessThan(500);
    expect(await ready()).toBe(false);
    expect(calls).toBe(1);
    finish(true);
    await sleep(0);
    // The slow check has ended: the next caller starts a new one.
    const next = ready();
    await sleep(0);
    finish(true);
    expect(await next).toBe(true);
    expect(calls).toBe(2);
  });

  it("answers false when the check throws", async () => {
    const ready = sharedCheck(() => Promise.reject(new Error("down")), 50);
    expect(await ready()).toBe(false);
  });
});
