import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TestAgent } from "../testing/agent.ts";
import { createTestApp, json } from "../testing/test-app.ts";
import { endpoints } from "./endpoints.ts";
import { buildOpenApiDocument, operationId, securityOf } from "./openapi.ts";

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app.close();
});

type Operation = { operationId?: string; security?: Record<string, string[]>[]; responses: Record<string, unknown> };

function operations(doc: Record<string, unknown>): [string, Operation][] {
  const paths = doc.paths as Record<string, Record<string, Operation>>;
  return Object.entries(paths).flatMap(([p, methods]) => Object.entries(methods).map(([m, op]) => [`${m.toUpperCase()} ${p}`, op] as [string, Operation]));
}

describe("the OpenAPI description", () => {
  it("passes Redocly's lint (recommended-strict, trailing slashes allowed: redocly.yaml)", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "openapi-"));
    const file = path.join(dir, "openapi.json");
    writeFileSync(file, JSON.stringify(buildOpenApiDocument(endpoints)));
    const cli = path.resolve("node_modules/@redocly/cli/bin/cli.js");
    const result = spawnSync(process.execPath, [cli, "lint", file, "--config", path.resolve("redocly.yaml"), "--format=json"], {
      encoding: "utf8",
      env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" },
      timeout: 60_000,
    });
    const report = JSON.parse(result.stdout) as { totals: { errors: number; warnings: number }; problems: { ruleId: string; message: string }[] };
    expect(report.problems.map((p) => `${p.ruleId}: ${p.message}`)).toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
    expect(result.status).toBe(0);
  });

  it("names every operation with a unique operationId", () => {
    const ids = operations(buildOpenApiDocument(endpoints)).map(([, op]) => op.operationId);
    expect(ids).toHaveLength(endpoints.length);
    expect(new Set(ids).size).toBe(ids.length);
    expect(operationId({ method: "GET", url: "/me/profile/" })).toBe("getMeProfile");
    expect(operationId({ method: "GET", url: "/courses/:slug/modules/:module/" })).toBe("getCoursesBySlugModulesByModule");
  });

  it("lists the errors: 401 where a session is needed, 403 on unsafe methods, 404 with path parameters, 429 everywhere", () => {
    for (const [name, op] of operations(buildOpenApiDocument(endpoints))) {
      const statuses = Object.keys(op.responses);
      expect(statuses, name).toEqual(expect.arrayContaining(["400", "429", "default"]));
      if (op.security?.some((r) => "session" in r) && !op.security.some((r) => "onboardingToken" in r)) expect(statuses, name).toContain("401");
      if (!name.startsWith("GET")) expect(statuses, name).toContain("403");
      if (name.includes("{")) expect(statuses, name).toContain("404");
    }
  });
});

/** A concrete URL for an endpoint: path parameters filled with well-formed values. */
function concrete(url: string): string {
  return `/api/v1${url}`.replace(/:([A-Za-z_]+)/g, (_, name: string) =>
    name === "module" || name === "row" ? "00000000-0000-4000-8000-000000000000" : "no-such-thing",
  );
}

describe("security is declared exactly where the server asks for it", () => {
  it("every operation that answers 401 without a session declares the session; every other one does not require it", async () => {
    const agent = new TestAgent(app);
    const undeclared: string[] = [];
    const overdeclared: string[] = [];
    for (const endpoint of endpoints) {
      const response = await agent.request(endpoint.method, concrete(endpoint.url), endpoint.body ? {} : undefined);
      const security = securityOf(endpoint);
      const sessionRequired = security.length > 0 && security.every((r) => "session" in r);
      const name = `${endpoint.method} ${endpoint.url} (${response.statusCode})`;
      if (response.statusCode === 401 && !sessionRequired) undeclared.push(name);
      if (sessionRequired && response.statusCode !== 401) overdeclared.push(name);
    }
    expect(undeclared).toEqual([]);
    expect(overdeclared).toEqual([]);
  });

  it("the screening calls take a session or the onboarding token, and say so", async () => {
    const agent = new TestAgent(app);
    for (const endpoint of endpoints.filter((e) => e.onboardingToken === "instead-of-session")) {
      expect(securityOf(endpoint).map((r) => Object.keys(r).filter((k) => k !== "csrf"))).toEqual([["session"], ["onboardingToken"]]);
      const response = await agent.request(endpoint.method, concrete(endpoint.url), endpoint.body ? { groups: { phq9: { answers: {} } }, answers: {} } : undefined);
      expect([400, 403], `${endpoint.method} ${endpoint.url}`).toContain(response.statusCode);
    }
    const withoutToken = await agent.request("GET", "/api/v1/recommended-courses/");
    expect(json(withoutToken).code).toBe("onboarding.token_invalid");
  });

  it("unsafe methods declare the CSRF header; GET never does", () => {
    for (const endpoint of endpoints) {
      const security = securityOf(endpoint);
      if (endpoint.method === "GET") expect(security.some((r) => "csrf" in r)).toBe(false);
      else expect(security.length > 0 && security.every((r) => "csrf" in r), `${endpoint.method} ${endpoint.url}`).toBe(true);
    }
  });
});
