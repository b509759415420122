import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { openDatabase, type Database } from "../../../db/client.ts";
import { contactMessages } from "../../../db/schema/profile.ts";
import { users } from "../../../db/schema/users.ts";
import { mailCountTo, randomIp } from "../../../testing/accounts.ts";
import { TestAgent } from "../../../testing/agent.ts";
import { hold } from "../../../testing/held-lock.ts";
import { createTestApp, createTestUser, sessionCookieFor } from "../../../testing/test-app.ts";

/**
 * A message sent again after an answer that never arrived, or twice at once, with the client's
 * `id` is stored once and e-mailed to support once; the repeat is answered as the first (201, the
 * id). On PostgreSQL the copies wait together behind the user's row (testing/held-lock.ts).
 */
const SUPPORT = "stod-upprepat@example.test";
let app: FastifyInstance;
let holder: Database | null = null;
beforeAll(async () => {
  app = await createTestApp({ env: { SUPPORT_EMAIL: SUPPORT } });
  const databaseUrl = inject("testDatabaseUrl");
  if (databaseUrl) holder = await openDatabase({ url: databaseUrl, poolSize: 2 });
});
afterAll(async () => {
  await holder?.close();
  await app.close();
});

async function writer(): Promise<{ id: string; agent: TestAgent }> {
  const user = await createTestUser(app);
  const agent = new TestAgent(app, randomIp());
  agent.cookies.set("sessionid", (await sessionCookieFor(app, user)).split("=")[1] ?? "");
  return { id: user.id, agent };
}

const send = (agent: TestAgent, id?: string) =>
  agent.post("/api/v1/contact/", { subject: "Inloggning", message: "Jag kommer inte in.", locale: "sv", ...(id ? { id } : {}) });

const messagesWith = (id: string) => app.ctx.db.select({ id: contactMessages.id }).from(contactMessages).where(eq(contactMessages.id, id));

describe("a contact message sent more than once", () => {
  it("is stored and e-mailed once when sent again with its id, a visitor's too", async () => {
    for (const agent of [(await writer()).agent, new TestAgent(app, randomIp())]) {
      const before = await mailCountTo(app, SUPPORT);
      const id = randomUUID();
      const first = await send(agent, id);
      expect(first.statusCode).toBe(201);
      const again = await send(agent, id);
      expect(again.statusCode).toBe(201);
      expect(again.json()).toEqual(first.json());
      expect(first.json()).toEqual({ id });
      expect(await messagesWith(id)).toHaveLength(1);
      expect(await mailCountTo(app, SUPPORT)).toBe(before + 1);
    }
  });

  it("is stored and e-mailed once when sent several times at the same moment", async () => {
    const user = await writer();
    const before = await mailCountTo(app, SUPPORT);
    const id = randomUUID();
    const copies = () => Array.from({ length: 3 }, () => send(user.agent, id));
    let answers: LightMyRequestResponse[];
    if (holder) {
      // Storing the message checks the user's row (its foreign key): held, every copy waits there.
      const held = await hold(holder, (tx) => tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for("update"));
      const sent = Promise.all(copies());
      await held.releaseWhenWaiting(3);
      answers = await sent;
    } else {
      answers = await Promise.all(copies());
    }
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201]);
    expect(answers.map((a) => a.json())).toEqual([{ id }, { id }, { id }]);
    expect(await mailCountTo(app, SUPPORT)).toBe(before + 1);
  });

  it("never answers with another's message id (400 body.id); a client without an id sends as before", async () => {
    const a = await writer();
    const b = await writer();
    const id = randomUUID();
    expect((await send(a.agent, id)).statusCode).toBe(201);
    for (const agent of [b.agent, new TestAgent(app, randomIp())]) {
      const refused = await send(agent, id);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ code: "request.invalid", fields: { "body.id": "invalid_value" } });
    }
    const before = await mailCountTo(app, SUPPORT);
    expect((await send(b.agent)).statusCode).toBe(201);
    expect((await send(b.agent)).statusCode).toBe(201);
    expect(await mailCountTo(app, SUPPORT)).toBe(before + 2);
  });

  it("with another's message id leaves that message as it was: its text, its owner and its reply address", async () => {
    const a = await writer();
    const b = await writer();
    const id = randomUUID();
    const sent = await a.agent.post("/api/v1/contact/", { subject: "A:s fråga", message: "A:s meddelande.", reply_email: "a@example.test", locale: "sv", id });
    expect(sent.statusCode).toBe(201);
    const [stored] = await app.ctx.db.select().from(contactMessages).where(eq(contactMessages.id, id));
    expect(stored).toMatchObject({ userId: a.id, replyEmail: "a@example.test" });
    const mails = await mailCountTo(app, SUPPORT);
    for (const agent of [b.agent, new TestAgent(app, randomIp())]) {
      const refused = await agent.post("/api/v1/contact/", { subject: "Ändrad", message: "Något annat.", reply_email: "b@example.test", locale: "en", id });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ code: "request.invalid", fields: { "body.id": "invalid_value" } });
    }
    expect(await app.ctx.db.select().from(contactMessages).where(eq(contactMessages.id, id))).toEqual([stored]);
    expect(await mailCountTo(app, SUPPORT)).toBe(mails);
  });
});
