import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseUrl, launchBrowser } from "./support/browser.ts";

/**
 * Every produced audio and video file of the programmes (content/media/<key>/media.json) is
 * served with byte ranges and plays in Chromium: its metadata loads, its length matches the
 * manifest, it decodes far enough to play, and a video's captions load as a text track.
 */
interface Manifest {
  type: "audio" | "video";
  languages: Record<string, { file: string; bytes: number; duration_seconds: number }>;
}

const mediaRoot = path.resolve("content/media");
const media = readdirSync(mediaRoot).map((key) => ({
  key,
  manifest: JSON.parse(readFileSync(path.join(mediaRoot, key, "media.json"), "utf8")) as Manifest,
}));

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

describe("the programmes' media", () => {
  it("are all there: at least two audio exercises and one video per programme, in four languages", () => {
    for (const programme of ["stress", "sleep", "anxiety", "depression"]) {
      const own = media.filter((m) => m.key.startsWith(`${programme}-`));
      expect(
        own.filter((m) => m.manifest.type === "audio").length,
        programme,
      ).toBeGreaterThanOrEqual(2);
      expect(
        own.filter((m) => m.manifest.type === "video").length,
        programme,
      ).toBeGreaterThanOrEqual(1);
      for (const m of own)
        expect(Object.keys(m.manifest.languages).sort(), m.key).toEqual(["da", "en", "no", "sv"]);
    }
  });

  it("are served with byte ranges", async () => {
    for (const { key, manifest } of media) {
      for (const [lang, entry] of Object.entries(manifest.languages)) {
        const response = await fetch(`${baseUrl()}/media/${key}/${lang}.webm`, {
          headers: { Range: "bytes=0-99" },
        });
        expect(response.status, `${key}/${lang}`).toBe(206);
        expect(response.headers.get("content-range")).toBe(`bytes 0-99/${entry.bytes}`);
        expect(response.headers.get("content-type")).toBe(
          manifest.type === "audio" ? "audio/webm" : "video/webm",
        );
        expect((await response.arrayBuffer()).byteLength).toBe(100);
      }
    }
  });

  it("play in Chromium, with the manifest's length, and videos load their captions", async () => {
    const page = await browser.newPage();
    await page.goto(`${baseUrl()}/`);
    const problems: string[] = [];
    for (const { key, manifest } of media) {
      for (const [lang, entry] of Object.entries(manifest.languages)) {
        const result = await page.evaluate(
          async ({ src, captions, type }) => {
            const element = document.createElement(type);
            element.muted = true;
            element.preload = "auto";
            element.crossOrigin = "anonymous";
            let trackLoaded: Promise<void> = Promise.resolve();
            if (captions) {
              const track = document.createElement("track");
              track.kind = "captions";
              track.src = captions;
              track.default = true;
              trackLoaded = new Promise<void>((resolve, reject) => {
                track.addEventListener("load", () => resolve(), { once: true });
                track.addEventListener("error", () => reject(new Error("captions did not load")), {
                  once: true,
                });
              });
              element.append(track);
            }
            element.src = src;
            document.body.append(element);
            try {
              await new Promise<void>((resolve, reject) => {
                element.addEventListener("canplay", () => resolve(), { once: true });
                element.addEventListener(
                  "error",
                  () => reject(new Error(`error ${element.error?.code}`)),
                  { once: true },
                );
                setTimeout(() => reject(new Error("no canplay within 10 s")), 10_000);
              });
              await trackLoaded;
              await element.play();
              // Playing means the clock moves: wait for a time update past zero (3 s at most).
              await new Promise<void>((resolve) => {
                const done = () => (element.currentTime > 0 ? resolve() : undefined);
                element.addEventListener("timeupdate", done);
                setTimeout(resolve, 3000);
              });
              const cues = captions ? (element.textTracks[0]?.cues?.length ?? 0) : null;
              return {
                ok: true,
                duration: element.duration,
                played: element.currentTime > 0,
                cues,
              };
            } catch (error) {
              return { ok: false, error: String(error) };
            } finally {
              element.pause();
              element.remove();
            }
          },
          {
            src: `/media/${key}/${lang}.webm`,
            captions: manifest.type === "video" ? `/media/${key}/${lang}.vtt` : null,
            type: manifest.type,
          },
        );
        const where = `${key}/${lang}`;
        if (!result.ok) problems.push(`${where}: ${result.error}`);
        else {
          if (Math.abs((result.duration ?? 0) - entry.duration_seconds) > 1)
            problems.push(`${where}: duration ${result.duration} ≠ ${entry.duration_seconds}`);
          if (!result.played) problems.push(`${where}: did not advance when played`);
          if (manifest.type === "video" && !result.cues) problems.push(`${where}: no caption cues`);
        }
      }
    }
    await page.close();
    expect(problems).toEqual([]);
  }, 240_000);
});
