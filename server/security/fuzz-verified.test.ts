import type fc from "fast-check";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, it } from "vitest";
import { endpoints } from "../api/endpoints.ts";
import { endpointKey } from "../testing/endpoint-subjects.ts";
import { fuzzEndpoint, fuzzRuns, fuzzTimeout } from "../testing/fuzz-endpoints.ts";
import { paramSamples } from "../testing/param-samples.ts";
import { createTestApp } from "../testing/test-app.ts";

/** Fuzzing of every endpoint of the endpoint list as a logged-in, verified user with a valid CSRF pair. */

let app: FastifyInstance;
let samples: Record<string, fc.Arbitrary<string>>;
beforeAll(async () => {
  app = await createTestApp();
  samples = await paramSamples(app);
});
afterAll(async () => {
  await app.close();
});

describe("fuzzing as verified", () => {
  it.each(endpoints.map((e) => [endpointKey(e), e] as const))(
    "%s",
    async (_key, endpoint) => {
      await fuzzEndpoint(app, endpoint, "verified", samples, fuzzRuns());
    },
    fuzzTimeout(fuzzRuns()),
  );
});
