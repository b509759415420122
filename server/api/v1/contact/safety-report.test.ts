import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contactMessages } from "../../../db/schema/profile.ts";
import { safetyReports } from "../../../db/schema/safety.ts";
import { contactAad } from "../../../modules/contact/contact-aad.ts";
import { latestMailTo, mailCountTo, randomIp } from "../../../testing/accounts.ts";
import { TestAgent } from "../../../testing/agent.ts";
import { createTestApp, createTestUser, json, sessionCookieFor } from "../../../testing/test-app.ts";

/** "Report a safety concern" (issue 25; the post-market section of docs/regulatory/risks.md). */
const SUPPORT = "stod-safety@example.test";
const SAFETY = "sakerhet@example.test";
let app: FastifyInstance;
beforeAll(async () => {
  // A database of the file's own: the checks below count every row of the safety register, which
  // on PostgreSQL other test files (fuzzing, bursts) would write to at the same time.
  app = await createTestApp({ isolated: true, env: { SUPPORT_EMAIL: SUPPORT, SAFETY_REPORT_EMAIL: SAFETY } });
});
afterAll(async () => {
  await app.close();
});

async function reportsNow(): Promise<{ id: string; category: string; locale: string; receivedOn: string }[]> {
  return app.ctx.db.select().from(safetyReports);
}

describe("POST /api/v1/contact/ with kind: safety", () => {
  it("a safety concern goes to the safety address with a priority subject and is recorded without the person or the text", async () => {
    const user = await createTestUser(app);
    const agent = new TestAgent(app, randomIp());
    agent.cookies.set("sessionid", (await sessionCookieFor(app, user)).split("=")[1] ?? "");
    const supportBefore = await mailCountTo(app, SUPPORT);
    const before = new Set((await reportsNow()).map((r) => r.id));
    const text = "Numret till Självmordslinjen på sidan var fel och jag mådde dåligt.";
    const response = await agent.post("/api/v1/contact/", {
      kind: "safety",
      category: "crisis_info",
      subject: "Fel nummer",
      message: text,
      reply_email: "",
      locale: "sv",
    });
    expect(response.statusCode).toBe(201);
    const { id } = json(response) as { id: string };

    // The record: category, language and day — no user, no address, no text, no time of day.
    const added = (await reportsNow()).filter((r) => !before.has(r.id));
    expect(added).toEqual([{ id: expect.any(String), category: "crisis_info", locale: "sv", receivedOn: new Date().toISOString().slice(0, 10) }]);
    const report = added[0];
    if (!report) throw new Error("no report");
    expect(Object.keys(report).sort()).toEqual(["category", "id", "locale", "receivedOn"]);

    // The e-mail: to the safety address, not to support, with the priority subject and the reference.
    const mail = await latestMailTo(app, SAFETY);
    expect(mail.subject).toMatch(/^\[PRIORITET\] Säkerhetsrapport: /);
    expect(mail.subject).toContain(report.id);
    expect(mail.text).toContain(text);
    expect(mail.text).toContain(id);
    expect(await mailCountTo(app, SUPPORT)).toBe(supportBefore);

    // The text itself is kept only in the encrypted contact message, which goes with the account.
    const [row] = await app.ctx.db.select().from(contactMessages).where(eq(contactMessages.id, id));
    expect(row?.userId).toBe(user.id);
    expect(row?.content).not.toContain("Självmordslinjen");
    expect(JSON.parse(app.ctx.cipher.decrypt(row?.content ?? "", contactAad(id)))).toMatchObject({ kind: "safety", category: "crisis_info", message: text });
  });

  it("names the missing category (400) and keeps nothing; an unknown category is refused too", async () => {
    const agent = new TestAgent(app, randomIp());
    const before = (await reportsNow()).length;
    const missing = await agent.post("/api/v1/contact/", { kind: "safety", subject: "Fel", message: "Något var fel.", locale: "sv" });
    expect(missing.statusCode).toBe(400);
    expect(json(missing)).toMatchObject({ code: "request.invalid", fields: { "body.category": "required" } });
    const unknown = await agent.post("/api/v1/contact/", { kind: "safety", category: "weather", subject: "Fel", message: "x", locale: "sv" });
    expect(unknown.statusCode).toBe(400);
    expect((await reportsNow()).length).toBe(before);
  });

  it("an ordinary message still goes to support and leaves no safety record", async () => {
    const agent = new TestAgent(app, randomIp());
    const before = (await reportsNow()).length;
    const safetyBefore = await mailCountTo(app, SAFETY);
    // A category on an ordinary message changes nothing: it is a safety report's field.
    const response = await agent.post("/api/v1/contact/", { kind: "message", category: "other", subject: "Fråga", message: "Hur byter jag språk?", locale: "da" });
    expect(response.statusCode).toBe(201);
    expect((await latestMailTo(app, SUPPORT)).subject).toBe("Kontaktformulär: Fråga");
    expect(await mailCountTo(app, SAFETY)).toBe(safetyBefore);
    expect((await reportsNow()).length).toBe(before);
  });
});
