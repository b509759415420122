import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { findSessionByHash } from "../modules/sessions/session-repository.ts";
import { AppError } from "../lib/app-error.ts";
import { zodFieldErrors } from "../../common/schemas/field-errors.ts";

/**
 * Baselines for `npm run bench`, only when BENCH_STATIC_DIR is set: the same HTML bytes as an
 * SSR page served as a static file (/__bench/static/<file>), and a Fastify hello-world route
 * (/__bench/hello) in the same process, so ratios are taken against this server itself; and the
 * hello-world route with one to eight reads of PostgreSQL before it answers
 * (/__bench/statements/<n>?hash=<session hash>&bytes=<size>: the session lookup every logged-in
 * request makes, n times one after another, then a body of that size), the floor of any endpoint
 * that needs n statements and answers as much on this machine.
 */
export async function registerBenchRoutes(app: FastifyInstance, dir: string): Promise<void> {
  await app.register(async (scope) => {
    await scope.register(fastifyStatic, {
      root: path.resolve(dir),
      prefix: "/__bench/static/",
      decorateReply: false,
      index: false,
    });
    scope.get("/__bench/hello", async () => ({ hello: "world" }));
    const statements = z.object({
      n: z.coerce.number().int().min(1).max(8),
      hash: z.string().regex(/^[0-9a-f]{64}$/),
      bytes: z.coerce.number().int().min(0).max(262_144).default(0),
    });
    scope.get("/__bench/statements/:n", async (req) => {
      const query = { ...(req.query as object), ...(req.params as object) };
      const parsed = statements.safeParse(query);
      if (!parsed.success) throw new AppError("request.invalid", { fields: zodFieldErrors(parsed.error, query, "query") });
      const { n, hash: idHash, bytes } = parsed.data;
      let found = 0;
      for (let i = 0; i < n; i++) if (await findSessionByHash(app.ctx.db, idHash)) found++;
      if (!bytes) return { hello: "world", found };
      // A body of `bytes` bytes (or the smallest answer, when fewer were asked).
      const pad = Math.max(0, bytes - JSON.stringify({ hello: "world", found, pad: "" }).length);
      return { hello: "world", found, pad: "x".repeat(pad) };
    });
  });
}
