import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app.ts";
import { users } from "../db/schema/users.ts";
import { testDatabase } from "../testing/test-database.ts";
import { testEnv } from "../testing/test-app.ts";
import { serializeError } from "./log-serializers.ts";

const lines: string[] = [];
let app: FastifyInstance;
const marker = () => `MARKER${randomUUID().replaceAll("-", "")}`;

beforeAll(async () => {
  app = await buildApp({
    env: testEnv({ LOG_LEVEL: "info" }),
    database: await testDatabase(),
    logStream: { write: (line) => void lines.push(line) },
  });
  const db = app.ctx.db;
  app.get("/api/v1/test-db/cast", async (req) => {
    const { value } = req.query as { value: string };
    await db.execute(sql`select ${value}::int as n`);
    return {};
  });
  app.get("/api/v1/test-db/duplicate", async (req) => {
    const { value } = req.query as { value: string };
    const email = `${value}@example.test`;
    await db.insert(users).values({ email, authType: "email", locale: "sv" });
    await db.insert(users).values({ email, authType: "email", locale: "sv" });
    return {};
  });
  app.get("/api/v1/test-db/nul", async (req) => {
    const { value } = req.query as { value: string };
    await db.insert(users).values({ email: `${value}\u0000@example.test`, displayName: value, authType: "email", locale: "sv" });
    return {};
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
});

describe("database errors in the log", () => {
  for (const kind of ["cast", "duplicate", "nul"]) {
    it(`a failing query (${kind}) is logged without the values it was given`, async () => {
      const value = marker();
      lines.length = 0;
      const response = await app.inject({ method: "GET", url: `/api/v1/test-db/${kind}?value=${value}` });
      expect(response.statusCode).toBe(500);
      expect(response.body).not.toContain(value);
      // The request log shows the path without its query string (app.ts): the marker reaches
      // the log only through the error.
      const log = lines.join("");
      expect(log).toContain('"unhandled error"');
      expect(log).toContain("Failed query");
      expect(log).not.toContain(value);
    });
  }

  it("keeps the SQL text, the SQLSTATE and the names, and serialises other errors as they are", () => {
    const cause = Object.assign(new Error('duplicate key value violates unique constraint "users_email_unique"'), {
      code: "23505",
      severity: "ERROR",
      table: "users",
      constraint: "users_email_unique",
      detail: "Key (email)=(secret@example.test) already exists.",
    });
    const error = Object.assign(new Error("Failed query: insert into users (email) values ($1)\nparams: secret@example.test"), {
      query: "insert into users (email) values ($1)",
      params: ["secret@example.test"],
      cause,
    });
    const logged = JSON.stringify(serializeError(error));
    expect(logged).not.toContain("secret@example.test");
    expect(logged).toContain("insert into users (email) values ($1)");
    expect(logged).toContain("23505");
    expect(logged).toContain("users_email_unique");
    const plain = serializeError(Object.assign(new Error("boom"), { statusCode: 418 })) as Record<string, unknown>;
    expect(plain).toMatchObject({ type: "Error", message: "boom", statusCode: 418 });
  });
});
