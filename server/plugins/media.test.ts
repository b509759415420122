import { statSync } from "node:fs";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importContent } from "../modules/content/import-content.ts";
import { loadContent } from "../modules/content/load-content.ts";
import { createTestApp } from "../testing/test-app.ts";
import { parseRange } from "./media.ts";

const FIXTURE = path.resolve("tests/fixtures/content");
const AUDIO = path.join(FIXTURE, "media/sample-audio/sv.webm");
let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp({ env: { CONTENT_DIR: FIXTURE }, isolated: true });
  await importContent(app.ctx.db, app.ctx.clock, loadContent(FIXTURE));
});
afterAll(async () => {
  await app.close();
});

describe("parseRange", () => {
  it("reads one byte range, open-ended and suffix ranges, and refuses the unsatisfiable", () => {
    expect(parseRange(undefined, 100)).toBeNull();
    expect(parseRange("bytes=0-9", 100)).toEqual({ start: 0, end: 9 });
    expect(parseRange("bytes=90-", 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange("bytes=90-500", 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange("bytes=-10", 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange("bytes=100-", 100)).toBe("bad");
    expect(parseRange("bytes=5-2", 100)).toBe("bad");
    expect(parseRange("bytes=-", 100)).toBe("bad");
    expect(parseRange("bytes=0-1,4-5", 100)).toBe("bad");
    expect(parseRange("items=0-1", 100)).toBe("bad");
  });
});

describe("/media/*", () => {
  const size = statSync(AUDIO).size;

  it("serves a whole audio file as audio/webm with validators and caching", async () => {
    const response = await app.inject({ url: "/media/sample-audio/sv.webm" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("audio/webm");
    expect(response.headers["accept-ranges"]).toBe("bytes");
    expect(Number(response.headers["content-length"])).toBe(size);
    expect(response.rawPayload.length).toBe(size);
    expect(response.headers["cache-control"]).toContain("max-age=");
    expect(response.headers.etag).toMatch(/^W\/"/);
    expect(response.headers["last-modified"]).toBeTruthy();
    const again = await app.inject({ url: "/media/sample-audio/sv.webm", headers: { "if-none-match": String(response.headers.etag) } });
    expect(again.statusCode).toBe(304);
    const since = await app.inject({ url: "/media/sample-audio/sv.webm", headers: { "if-modified-since": String(response.headers["last-modified"]) } });
    expect(since.statusCode).toBe(304);
  });

  it("answers byte ranges with 206 and the right bytes, and 416 for a range past the end", async () => {
    const whole = (await app.inject({ url: "/media/sample-audio/sv.webm" })).rawPayload;
    const part = await app.inject({ url: "/media/sample-audio/sv.webm", headers: { range: "bytes=10-19" } });
    expect(part.statusCode).toBe(206);
    expect(part.headers["content-range"]).toBe(`bytes 10-19/${size}`);
    expect(part.headers["content-length"]).toBe("10");
    expect(Buffer.compare(part.rawPayload, whole.subarray(10, 20))).toBe(0);
    const tail = await app.inject({ url: "/media/sample-audio/sv.webm", headers: { range: "bytes=-4" } });
    expect(Buffer.compare(tail.rawPayload, whole.subarray(size - 4))).toBe(0);
    const bad = await app.inject({ url: "/media/sample-audio/sv.webm", headers: { range: `bytes=${size}-` } });
    expect(bad.statusCode).toBe(416);
    expect(bad.headers["content-range"]).toBe(`bytes */${size}`);
  });

  it("serves video as video/webm and captions as text/vtt", async () => {
    const video = await app.inject({ url: "/media/sample-video/en.webm" });
    expect(video.statusCode).toBe(200);
    expect(video.headers["content-type"]).toBe("video/webm");
    const captions = await app.inject({ url: "/media/sample-video/en.vtt" });
    expect(captions.headers["content-type"]).toBe("text/vtt; charset=utf-8");
    expect(captions.body.startsWith("WEBVTT")).toBe(true);
    const head = await app.inject({ method: "HEAD", url: "/media/sample-video/en.webm" });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe("");
  });

  it("refuses path traversal, other files and unknown media with 404", async () => {
    for (const url of [
      "/media/..%2F..%2Fpackage.json/sv.webm",
      "/media/sample-audio/..%2F..%2F..%2Fpackage.json",
      "/media/../package.json",
      "/media/sample-audio/sv.mp3",
      "/media/sample-audio/fr.webm",
      "/media/Sample-Audio/sv.webm",
      "/media/no-such-media/sv.webm",
    ]) {
      expect((await app.inject({ url })).statusCode, url).toBe(404);
    }
  });
});
