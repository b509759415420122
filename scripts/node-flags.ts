/**
 * The V8 flags of the production server, in one place: `npm start` (package.json), the Dockerfile's
 * CMD and `npm run bench` use exactly these (scripts/node-flags.test.ts checks the first two).
 * Chosen from the bench's soak (docs/benchmarks.md, "Memory").
 */
export const PRODUCTION_NODE_FLAGS = ["--max-semi-space-size=16"] as const;

export function productionNodeFlags(): string[] {
  return [...PRODUCTION_NODE_FLAGS];
}
