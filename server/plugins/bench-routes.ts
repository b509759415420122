import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";

/**
 * Baselines for `npm run bench`, only when BENCH_STATIC_DIR is set: the same HTML bytes as an
 * SSR page served as a static file (/__bench/static/<file>), and a Fastify hello-world route
 * (/__bench/hello) in the same process, so ratios are taken against this server itself.
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
  });
}
