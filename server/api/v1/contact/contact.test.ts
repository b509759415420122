import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contactMessages } from "../../../db/schema/profile.ts";
import { latestMailTo, mailCountTo, randomIp } from "../../../testing/accounts.ts";
import { TestAgent } from "../../../testing/agent.ts";
import { createTestApp, createTestUser, sessionCookieFor } from "../../../testing/test-app.ts";

const SUPPORT = "stod@example.test";
let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp({ env: { SUPPORT_EMAIL: SUPPORT } });
});
afterAll(async () => {
  await app.close();
});

describe("POST /api/v1/contact/", () => {
  it("stores a visitor's message encrypted and e-mails it to the support address", async () => {
    const agent = new TestAgent(app, randomIp());
    const before = await mailCountTo(app, SUPPORT);
    const response = await agent.post("/api/v1/contact/", { subject: "Inloggning", message: "Jag kommer inte in.", reply_email: "Besok@Example.test", locale: "sv" });
    expect(response.statusCode).toBe(201);
    const { id } = response.json() as { id: string };
    const [row] = await app.ctx.db.select().from(contactMessages).where(eq(contactMessages.id, id));
    expect(row).toMatchObject({ userId: null, replyEmail: "besok@example.test", locale: "sv" });
    expect(row?.content).not.toContain("kommer inte in");
    expect(await mailCountTo(app, SUPPORT)).toBe(before + 1);
    const mail = await latestMailTo(app, SUPPORT);
    expect(mail.text).toContain("Jag kommer inte in.");
    expect(mail.replyTo).toBe("besok@example.test");
  });

  it("links a user's message to the account; the reply address is optional", async () => {
    const user = await createTestUser(app);
    const agent = new TestAgent(app, randomIp());
    agent.cookies.set("sessionid", (await sessionCookieFor(app, user)).split("=")[1] ?? "");
    const response = await agent.post("/api/v1/contact/", { subject: "Tack", message: "Bra kurs.", reply_email: "", locale: "en" });
    expect(response.statusCode).toBe(201);
    const [row] = await app.ctx.db.select().from(contactMessages).where(eq(contactMessages.id, (response.json() as { id: string }).id));
    expect(row).toMatchObject({ userId: user.id, replyEmail: null, locale: "en" });
  });

  it("names the fields that are wrong (400) and keeps nothing", async () => {
    const agent = new TestAgent(app, randomIp());
    const response = await agent.post("/api/v1/contact/", { subject: " ", message: "x".repeat(5001), reply_email: "nej", locale: "fr", extra: true });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe("request.invalid");
    expect(Object.keys(response.json().fields as object)).toEqual(expect.arrayContaining(["body.subject", "body.message", "body.reply_email", "body.locale"]));
  });

  it("needs the CSRF token", async () => {
    const response = await app.inject({ method: "POST", url: "/api/v1/contact/", payload: { subject: "a", message: "b", locale: "sv" } });
    expect(response.statusCode).toBe(403);
  });

  it("is throttled per address (429 with Retry-After)", async () => {
    const agent = new TestAgent(app, randomIp());
    const body = { subject: "Hej", message: "Ett meddelande.", locale: "sv" };
    let last = 0;
    for (let i = 0; i < 31; i++) last = (await agent.post("/api/v1/contact/", body)).statusCode;
    const limited = await agent.post("/api/v1/contact/", body);
    expect(last === 429 || limited.statusCode === 429).toBe(true);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers["retry-after"]).toBeDefined();
  });
});
