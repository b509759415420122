import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { contentModules } from "../db/schema/content.ts";

const KEY = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const FILE = /^(sv|en|no|da)\.(webm|vtt)$/;

/** One `bytes=` range of a file of `size` bytes; null when absent, "bad" when unsatisfiable (416). */
export function parseRange(header: string | undefined, size: number): { start: number; end: number } | null | "bad" {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return "bad";
  const [, from = "", to = ""] = match;
  if (from === "" && to === "") return "bad";
  if (from === "") {
    // The last `to` bytes.
    const length = Number(to);
    if (length === 0 || size === 0) return "bad";
    return { start: Math.max(0, size - length), end: size - 1 };
  }
  const start = Number(from);
  const end = to === "" ? size - 1 : Math.min(Number(to), size - 1);
  if (start >= size || end < start) return "bad";
  return { start, end };
}

/**
 * Audio or video: a media key used by an audio module is served as audio/webm, any other as
 * video/webm. Content changes only at start, so the answer is kept for the process.
 */
function mediaKinds(app: FastifyInstance) {
  const known = new Map<string, "audio" | "video">();
  return async (key: string): Promise<"audio" | "video"> => {
    const cached = known.get(key);
    if (cached) return cached;
    const [row] = await app.ctx.db
      .select({ type: contentModules.type })
      .from(contentModules)
      .where(sql`${contentModules.settings}->>'media' = ${key} and ${contentModules.type} = 'audio'`)
      .limit(1);
    const kind = row ? "audio" : "video";
    known.set(key, kind);
    return kind;
  };
}

function etagOf(size: number, mtimeMs: number): string {
  return `W/"${size.toString(16)}-${Math.floor(mtimeMs).toString(16)}"`;
}

/** Whether the client's copy is current (If-None-Match first, else If-Modified-Since). */
function notModified(req: FastifyRequest, etag: string, mtime: Date): boolean {
  const match = req.headers["if-none-match"];
  if (match) return match.split(",").some((tag) => tag.trim() === etag || tag.trim() === "*");
  const since = req.headers["if-modified-since"];
  if (since) {
    const time = Date.parse(since);
    return !Number.isNaN(time) && Math.floor(mtime.getTime() / 1000) <= Math.floor(time / 1000);
  }
  return false;
}

/**
 * `/media/<media-key>/<lang>.(webm|vtt)` from `<content>/media/` (§5, issue 7): names are checked
 * against a strict pattern, so nothing outside the folder (and nothing but these files) can be
 * read. Byte ranges (206, 416) let players seek; ETag and Last-Modified with a day of caching.
 */
export function registerMedia(app: FastifyInstance, root: string): void {
  const kindOf = mediaKinds(app);
  app.route({
    method: ["GET", "HEAD"],
    url: "/media/:key/:file",
    compress: false,
    handler: async (req: FastifyRequest, reply: FastifyReply) => {
      const { key, file } = req.params as { key: string; file: string };
      const name = FILE.exec(file);
      if (!KEY.test(key) || !name) return reply.callNotFound();
      const full = path.join(root, key, file);
      let info;
      try {
        info = await stat(full);
      } catch {
        return reply.callNotFound();
      }
      if (!info.isFile()) return reply.callNotFound();
      const type = name[2] === "vtt" ? "text/vtt; charset=utf-8" : `${await kindOf(key)}/webm`;
      const etag = etagOf(info.size, info.mtimeMs);
      reply
        .header("Accept-Ranges", "bytes")
        .header("ETag", etag)
        .header("Last-Modified", info.mtime.toUTCString())
        .header("Cache-Control", "public, max-age=86400")
        .type(type);
      if (notModified(req, etag, info.mtime)) return reply.code(304).send();
      // If-Range with another validator: the whole file, as the copy changed.
      const ifRange = req.headers["if-range"];
      const range = ifRange && ifRange !== etag ? null : parseRange(req.headers.range, info.size);
      if (range === "bad") {
        return reply.code(416).header("Content-Range", `bytes */${info.size}`).type("text/plain; charset=utf-8").send("");
      }
      const { start, end } = range ?? { start: 0, end: info.size - 1 };
      const length = info.size === 0 ? 0 : end - start + 1;
      reply.header("Content-Length", String(length));
      if (range) reply.code(206).header("Content-Range", `bytes ${start}-${end}/${info.size}`);
      if (req.method === "HEAD" || length === 0) return reply.send();
      return reply.send(createReadStream(full, { start, end }));
    },
  });
}
