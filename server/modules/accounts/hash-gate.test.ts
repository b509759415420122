import { describe, expect, it } from "vitest";
import { AppError } from "../../lib/app-error.ts";
import { HashGate } from "./hash-gate.ts";

function codeOf(fn: () => unknown): string | null {
  try {
    fn();
    return null;
  } catch (error) {
    return error instanceof AppError ? `${error.code} ${error.headers?.["Retry-After"]}` : "other";
  }
}

describe("HashGate", () => {
  it("admits a source's share and refuses the next with 429 at once, until one leaves", () => {
    const gate = new HashGate({ concurrency: 1, maxQueue: 1, perSource: 2 });
    const first = gate.enter("198.51.100.1");
    gate.enter("198.51.100.1");
    expect(codeOf(() => gate.enter("198.51.100.1"))).toBe("request.rate_limited 1");
    // Another source is not affected.
    expect(codeOf(() => gate.enter("203.0.113.9"))).toBeNull();
    first();
    first();
    expect(codeOf(() => gate.enter("198.51.100.1"))).toBeNull();
    expect(gate.stats().sources).toBe(2);
  });

  it("runs at most `concurrency` hashes, queues `maxQueue`, and sheds the rest with 503", async () => {
    const gate = new HashGate({ concurrency: 2, maxQueue: 3, perSource: 100 });
    let running = 0;
    let most = 0;
    const release: (() => void)[] = [];
    const work = () =>
      gate.run(async () => {
        running += 1;
        most = Math.max(most, running);
        await new Promise<void>((resolve) => release.push(resolve));
        running -= 1;
      });
    const runs = Array.from({ length: 5 }, work);
    await new Promise((r) => setTimeout(r, 0));
    expect(gate.stats()).toMatchObject({ active: 2, waiting: 3 });
    await expect(work()).rejects.toMatchObject({ code: "server.busy", headers: { "Retry-After": "1" } });
    // A newcomer cannot jump the queue while a slot is handed over.
    while (release.length > 0 || gate.stats().active > 0) {
      release.shift()?.();
      await new Promise((r) => setTimeout(r, 0));
      expect(running).toBeLessThanOrEqual(2);
    }
    await Promise.all(runs);
    expect(most).toBe(2);
    expect(gate.stats()).toMatchObject({ active: 0, waiting: 0 });
  });
});
