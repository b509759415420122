import { readFile } from "node:fs/promises";
import path from "node:path";
import type { FastifyInstance } from "fastify";

const NAME = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * Course illustrations straight from `content/courses/<key>/<name>.svg` (SVG only, names checked,
 * so nothing else in the folder can be read). Cached for a day.
 */
export function registerContentAssets(app: FastifyInstance, root: string): void {
  app.get("/content/courses/:key/:file", async (req, reply) => {
    const { key, file } = req.params as { key: string; file: string };
    const base = file.endsWith(".svg") ? file.slice(0, -4) : "";
    if (!NAME.test(key) || !NAME.test(base)) return reply.callNotFound();
    let body: Buffer;
    try {
      body = await readFile(path.join(root, "courses", key, `${base}.svg`));
    } catch {
      return reply.callNotFound();
    }
    return reply
      .type("image/svg+xml")
      .header("Cache-Control", "public, max-age=86400")
      .header("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'")
      .send(body);
  });
}
