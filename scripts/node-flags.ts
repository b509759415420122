/**
 * How the production server runs, in one place: `npm start` (package.json), the Dockerfile, the
 * e2e tests' server, `npm run bench` and `npm run lighthouse` use exactly this (scripts/node-flags.test.ts
 * checks the first two). The evidence for each flag is in docs/benchmarks.md, "Memory".
 */

/** The server bundle (scripts/build-server.ts, ADR 024). */
export const SERVER_ENTRY = "build/server-app/main.js";

export const PRODUCTION_NODE_FLAGS = [
  // The young generation: 2 × 8 MB semi-spaces (V8 sizes them from the machine's memory otherwise).
  "--max-semi-space-size=8",
  // The old generation: live data under a saturation soak peaked at 82 MB after full collections.
  "--max-old-space-size=160",
  // server/main.ts collects the start's garbage once before the first request.
  "--expose-gc",
] as const;

/**
 * glibc's malloc: two arenas, not one per thread that ever allocated; and a fixed mmap threshold
 * (128 KiB), so large buffers (argon2's 19 MiB per hash) are mapped and given back whole when
 * freed, instead of the threshold rising until they stay in an arena (less resident memory after
 * a burst of logins).
 */
export const PRODUCTION_ENV: Readonly<Record<string, string>> = Object.freeze({ MALLOC_ARENA_MAX: "2", MALLOC_MMAP_THRESHOLD_: "131072" });

export function productionNodeFlags(): string[] {
  return [...PRODUCTION_NODE_FLAGS];
}
