import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createLoadingBarStore } from "./loading-bar.ts";

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

function store() {
  return createLoadingBarStore({
    set: (fn, ms) => setTimeout(fn, ms),
    clear: (t) => clearTimeout(t),
    now: () => Date.now(),
  });
}

describe("loading bar", () => {
  it("never shows for a request under 200 ms", () => {
    const bar = store();
    bar.start();
    vi.advanceTimersByTime(150);
    bar.done(false);
    vi.advanceTimersByTime(1000);
    expect(bar.getState().phase).toBe("idle");
  });

  it("shows after 200 ms and hides 500 ms after the last request finished", () => {
    const bar = store();
    bar.start();
    vi.advanceTimersByTime(199);
    expect(bar.getState().phase).toBe("idle");
    vi.advanceTimersByTime(1);
    expect(bar.getState().phase).toBe("running");
    bar.start();
    bar.done(false);
    expect(bar.getState().phase).toBe("running");
    bar.done(false);
    expect(bar.getState().phase).toBe("done");
    vi.advanceTimersByTime(499);
    expect(bar.getState().phase).toBe("done");
    vi.advanceTimersByTime(1);
    expect(bar.getState().phase).toBe("idle");
  });

  it("marks a failed request as failed", () => {
    const bar = store();
    bar.start();
    vi.advanceTimersByTime(300);
    bar.done(true);
    expect(bar.getState().phase).toBe("failed");
    vi.advanceTimersByTime(500);
    expect(bar.getState().phase).toBe("idle");
  });

  it("tells its listeners", () => {
    const bar = store();
    const seen: string[] = [];
    bar.subscribe(() => seen.push(bar.getState().phase));
    bar.start();
    vi.advanceTimersByTime(250);
    bar.done(false);
    vi.advanceTimersByTime(600);
    expect(seen).toEqual(["running", "done", "idle"]);
  });
});
