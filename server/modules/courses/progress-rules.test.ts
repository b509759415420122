import { describe, expect, it } from "vitest";
import { isOpen, partsWithProgress, position } from "./progress-rules.ts";

const DAY = 86_400;
const parts = [
  { id: "a", key: "p1", pauseDays: 0 },
  { id: "b", key: "p2", pauseDays: 7 },
  { id: "c", key: "p3", pauseDays: 0 },
];
const modules = [
  { id: "m1", key: "p1-a", partId: "a" },
  { id: "m2", key: "p1-b", partId: "a" },
  { id: "m3", key: "p2-a", partId: "b" },
  { id: "m4", key: "p3-a", partId: "c" },
];
const t0 = new Date(Date.UTC(2026, 0, 5, 10, 0, 0));
const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

function state(done: Record<string, Date>) {
  return partsWithProgress(parts, modules, new Map(Object.entries(done)), DAY);
}

describe("progress rules (§4)", () => {
  it("a new course: the first part and module are active, no pause, nothing done", () => {
    const s = state({});
    expect(position(s, seconds(t0))).toEqual({ activePart: "p1", activeModule: "p1-a", pauseUntil: null, progress: 0 });
    expect(isOpen(s, "p1-b", seconds(t0))).toBe("open");
    expect(isOpen(s, "p2-a", seconds(t0))).toBe("locked");
    expect(isOpen(s, "nope", seconds(t0))).toBe("unknown");
  });

  it("the active module is the first not completed one, even when a later one is done", () => {
    const s = state({ m2: t0 });
    expect(position(s, seconds(t0)).activeModule).toBe("p1-a");
  });

  it("finishing a part starts the next part's pause from the last completion", () => {
    const later = new Date(t0.getTime() + 3_600_000);
    const s = state({ m1: later, m2: t0 });
    const pauseUntil = seconds(later) + 7 * DAY;
    expect(s[1]?.modules[0]?.pauseUntil).toBe(pauseUntil);
    expect(position(s, seconds(later))).toMatchObject({ activePart: "p2", activeModule: "p2-a", pauseUntil });
    expect(isOpen(s, "p2-a", pauseUntil - 1)).toBe("locked");
    expect(isOpen(s, "p2-a", pauseUntil)).toBe("open");
    expect(position(s, pauseUntil).pauseUntil).toBeNull();
  });

  it("a part without a pause opens at once; the course is done when every part is", () => {
    const s = state({ m1: t0, m2: t0, m3: t0 });
    expect(s[2]?.modules[0]?.pauseUntil).toBeNull();
    expect(isOpen(s, "p3-a", seconds(t0))).toBe("open");
    const all = state({ m1: t0, m2: t0, m3: t0, m4: t0 });
    expect(position(all, seconds(t0))).toEqual({ activePart: null, activeModule: null, pauseUntil: null, progress: 1 });
  });

  it("a part with no modules never counts as completed", () => {
    const empty = partsWithProgress([{ id: "x", key: "px", pauseDays: 0 }], [], new Map(), DAY);
    expect(empty[0]?.completed).toBe(false);
    expect(position(empty, 0).progress).toBe(0);
  });
});
