import { afterEach, describe, expect, it, vi } from "vitest";
import { collectWhenIdle } from "./idle-gc.ts";

afterEach(() => {
  vi.useRealTimers();
});

describe("collectWhenIdle", () => {
  it("collects once after requests stop for a whole interval, and not while they come or after nothing came", () => {
    vi.useFakeTimers();
    const gc = vi.fn();
    const idle = collectWhenIdle({ intervalMs: 1_000, gc });
    vi.advanceTimersByTime(5_000);
    expect(gc).not.toHaveBeenCalled();
    for (let i = 0; i < 5; i++) {
      idle.seen();
      vi.advanceTimersByTime(1_000);
    }
    expect(gc).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1_000);
    expect(gc).toHaveBeenCalledTimes(1);
    expect(gc).toHaveBeenCalledWith({ type: "major", execution: "sync", flavor: "last-resort" });
    vi.advanceTimersByTime(10_000);
    expect(gc).toHaveBeenCalledTimes(1);
    idle.seen();
    vi.advanceTimersByTime(2_000);
    expect(gc).toHaveBeenCalledTimes(2);
    idle.stop();
  });

  it("does nothing without a collector", () => {
    vi.useFakeTimers();
    const saved = (globalThis as { gc?: unknown }).gc;
    delete (globalThis as { gc?: unknown }).gc;
    const idle = collectWhenIdle({ intervalMs: 1_000 });
    idle.seen();
    expect(() => vi.advanceTimersByTime(3_000)).not.toThrow();
    idle.stop();
    if (saved) (globalThis as { gc?: unknown }).gc = saved;
  });
});
