import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { webmHeader } from "../../testing/webm.ts";
import { webmSeconds } from "./webm-duration.ts";

describe("webmSeconds", () => {
  it("reads the length a WebM file states (the produced media, and a minimal header)", () => {
    const manifest = JSON.parse(readFileSync(path.resolve("content/media/stress-breathing/media.json"), "utf8")) as { languages: Record<string, { duration_seconds: number }> };
    const seconds = webmSeconds(path.resolve("content/media/stress-breathing/sv.webm"));
    expect(Math.abs((seconds ?? 0) - (manifest.languages["sv"]?.duration_seconds ?? 0))).toBeLessThan(0.1);
    const dir = mkdtempSync(path.join(tmpdir(), "webm-"));
    writeFileSync(path.join(dir, "a.webm"), webmHeader(62.5));
    expect(webmSeconds(path.join(dir, "a.webm"))).toBe(62.5);
    writeFileSync(path.join(dir, "b.webm"), "not a webm file");
    expect(webmSeconds(path.join(dir, "b.webm"))).toBeNull();
  });
});
