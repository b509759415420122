import { describe, expect, it } from "vitest";
import { RenderSlots } from "./render-slots.ts";

describe("RenderSlots", () => {
  it("runs at most `size` at a time and the rest in arrival order", async () => {
    const slots = new RenderSlots(2);
    let running = 0;
    let most = 0;
    const order: number[] = [];
    const gates: (() => void)[] = [];
    const jobs = [0, 1, 2, 3, 4].map((n) =>
      slots.run(async () => {
        running += 1;
        most = Math.max(most, running);
        order.push(n);
        await new Promise<void>((resolve) => gates.push(resolve));
        running -= 1;
        return n;
      }),
    );
    await expect.poll(() => gates.length).toBe(2);
    expect(slots.queued).toBe(3);
    while (order.length < 5 || gates.length > 0) {
      gates.shift()?.();
      await new Promise((r) => setTimeout(r, 1));
    }
    expect(await Promise.all(jobs)).toEqual([0, 1, 2, 3, 4]);
    expect(order).toEqual([0, 1, 2, 3, 4]);
    expect(most).toBe(2);
    expect(slots.queued).toBe(0);
  });

  it("gives the slot back when the work fails", async () => {
    const slots = new RenderSlots(1);
    await expect(slots.run(async () => Promise.reject(new Error("render failed")))).rejects.toThrow("render failed");
    expect(await slots.run(async () => "next")).toBe("next");
  });
});
