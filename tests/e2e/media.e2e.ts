import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { VIDEO_PICTURE } from "../../common/content/media.ts";
import { LOCALES } from "../../common/i18n/locales.ts";
import { pathTo } from "../../common/routing/route-table.ts";
import type { CourseDetail } from "../../common/schemas/courses.ts";
import { formatPlaybackTime } from "../../app/features/courses/media-players.tsx";
import { baseUrl, launchBrowser, waitForHydration } from "./support/browser.ts";
import { message } from "./support/fixtures.ts";
import { UserApi, extendedScreening } from "./support/user-api.ts";

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
              // Playing means the clock moves: wait for a time update past zero (10 s at most: the
              // first update comes within a second, later on a loaded machine).
              await new Promise<void>((resolve) => {
                const done = () => (element.currentTime > 0 ? resolve() : undefined);
                element.addEventListener("timeupdate", done);
                setTimeout(resolve, 10_000);
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

  it("in the course, each language states its own recording's real length, shows transcripts without production markup, and a video's transcript describes its picture (issue 20, point 5)", async () => {
    const api = await UserApi.create("sv");
    await extendedScreening(api);
    await api.call("POST", "/course-progress/clear-unfinished/", { course: "anxiety" });
    const context = await api.context(browser, { width: 1280 });
    const page = await context.newPage();
    const problems: string[] = [];
    for (const locale of LOCALES) {
      const slug = (await api.call<CourseDetail>("GET", "/active-course/", undefined, locale)).slug;
      for (const key of ["p1-breathing", "p1-anxiety-cycle"]) {
        await page.goto(`${baseUrl()}${pathTo("course", locale, { course: slug })}?modul=${key}`);
        await waitForHydration(page);
        const where = `${locale} ${key}`;
        const media = page.locator("dialog.module-overlay[open]").locator("audio, video");
        const seconds = await media.evaluate(
          (element: HTMLMediaElement) =>
            new Promise<number>((resolve) => {
              if (Number.isFinite(element.duration) && element.duration > 0) resolve(element.duration);
              else element.addEventListener("loadedmetadata", () => resolve(element.duration), { once: true });
            }),
        );
        const stated = message(locale, "course.duration").replace("{{time}}", formatPlaybackTime(seconds));
        if ((await page.getByText(stated, { exact: true }).count()) !== 1) problems.push(`${where}: does not state ${stated}`);
        const transcript = (await page.locator("details.transcript .prose").textContent()) ?? "";
        if (/\[[^\]]*\]/.test(transcript)) problems.push(`${where}: markup in the transcript`);
        if (key === "p1-anxiety-cycle") {
          const first = await page.locator("details.transcript .prose p").first().textContent();
          if (first !== VIDEO_PICTURE.description[locale]) problems.push(`${where}: the transcript describes another picture: ${first}`);
          const track = await media.evaluate((video: HTMLVideoElement) => video.querySelector("track")?.default);
          if (!track) problems.push(`${where}: the captions are not shown by default`);
        }
      }
    }
    expect(problems).toEqual([]);
    await context.close();
  }, 180_000);
});
