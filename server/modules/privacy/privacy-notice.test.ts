import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { privacyNoticeResponse, RETENTION_DATA, type PrivacyNotice } from "../../../common/schemas/privacy.ts";
import { auditLog } from "../../db/schema/accounts.ts";
import { jobs } from "../../db/schema/ops.ts";
import { contactMessages } from "../../db/schema/profile.ts";
import { onboardings } from "../../db/schema/screening.ts";
import { TestAgent } from "../../testing/agent.ts";
import { EXAMPLE_PRIVACY_ENV } from "../../testing/privacy-env.ts";
import { FakeClock, createTestApp, json, type TestApp } from "../../testing/test-app.ts";
import { audit } from "../audit/audit.ts";
import { pruneDeadLetters } from "../jobs/job-queue.ts";
import { DEAD_LETTER_DAYS, MAIL_JOB } from "../mail/outbox.ts";
import { createOnboarding } from "../screening/onboarding-service.ts";
import { deleteExpiredVisitorData } from "../screening/cleanup.ts";
import { runRetention } from "./retention.ts";

const clock = new FakeClock(Date.UTC(2032, 5, 1, 12));
let configured: TestApp;
let bare: TestApp;

beforeAll(async () => {
  // The clock runs ahead: a database of the file's own, so other files' rows are not pruned.
  configured = await createTestApp({ clock, isolated: true, env: { ...EXAMPLE_PRIVACY_ENV } });
  bare = await createTestApp();
});
afterAll(async () => {
  await configured.close();
  await bare.close();
});

async function notice(app: TestApp): Promise<PrivacyNotice> {
  const response = await new TestAgent(app).get("/api/v1/privacy/notice/");
  expect(response.statusCode).toBe(200);
  expect(response.headers["cache-control"]).toBe("no-store");
  return privacyNoticeResponse.parse(json(response));
}

function periodOf(n: PrivacyNotice, data: string): number {
  const row = n.retention.find((r) => r.data === data);
  if (row?.period.kind !== "duration") throw new Error(`${data}: no duration`);
  return row.period.ms;
}

describe("GET /api/v1/privacy/notice/", () => {
  it("states the configured controller, contact, authority and processors", async () => {
    const n = await notice(configured);
    expect(n.controller).toEqual({
      name: "Exempel Självhjälp AB",
      organisation_number: "559999-0001",
      address: "Exempelgatan 1, 111 22 Stockholm, Sverige",
      contact_email: "dataskydd@kbt.example.se",
    });
    expect(n.supervisory_authority).toBe("imy");
    expect(n.processors).toEqual([
      { role: "hosting", name: "Exempel Hosting AB", country: "SE" },
      { role: "email", name: "Exempel E-post ApS", country: "DK" },
    ]);
    expect(n.transfers).toEqual({ countries: [], safeguard: null });
    expect(n.statistics).toEqual({ min_group: 50, round_to: 10 });
    expect(n.retention.map((r) => r.data)).toEqual([...RETENTION_DATA]);
  });

  it("says what is not configured outside production, and names a transfer outside the EU/EEA with its safeguard", async () => {
    const n = await notice(bare);
    expect(n.controller).toEqual({ name: null, organisation_number: null, address: null, contact_email: null });
    expect(n.supervisory_authority).toBeNull();
    const abroad = await createTestApp({ env: { ...EXAMPLE_PRIVACY_ENV, PRIVACY_EMAIL_COUNTRY: "US", PRIVACY_TRANSFER_SAFEGUARD: "scc" } });
    try {
      expect((await notice(abroad)).transfers).toEqual({ countries: ["US"], safeguard: "scc" });
    } finally {
      await abroad.close();
    }
  });

  it("states the session limits of the configuration", async () => {
    const n = await notice(configured);
    expect(n.retention.find((r) => r.data === "sessions")?.period).toEqual({
      kind: "session",
      idle_ms: 30 * 60_000,
      absolute_ms: 12 * 3_600_000,
    });
  });
});

describe("the retention table is what the jobs do", () => {
  it("a visitor's screening data goes when the stated period has passed, not before", async () => {
    const period = periodOf(await notice(configured), "visitor_screening");
    const { token } = await createOnboarding(configured.ctx, "sv");
    expect(token).toBeTruthy();
    const [row] = await configured.ctx.db.select({ id: onboardings.id, createdAt: onboardings.createdAt }).from(onboardings).orderBy(onboardings.createdAt);
    if (!row) throw new Error("no onboarding");
    clock.advance(period - 60_000);
    await deleteExpiredVisitorData(configured.ctx);
    expect(await configured.ctx.db.select().from(onboardings).where(eq(onboardings.id, row.id))).toHaveLength(1);
    clock.advance(120_000);
    await deleteExpiredVisitorData(configured.ctx);
    expect(await configured.ctx.db.select().from(onboardings).where(eq(onboardings.id, row.id))).toHaveLength(0);
  });

  it("an audit entry's address is cleared when the stated period has passed, not before", async () => {
    const period = periodOf(await notice(configured), "audit_ip");
    const ip = "198.51.100.77";
    await audit(configured.ctx, configured.ctx.db, { userId: null, event: "login.failed", ip, detail: { method: "email" } });
    const addressOf = async () =>
      (await configured.ctx.db.select({ ip: auditLog.ip }).from(auditLog).where(eq(auditLog.event, "login.failed")))
        .map((r) => r.ip)
        .filter((v) => v === ip);
    clock.advance(period - 60_000);
    await runRetention(configured.ctx);
    expect(await addressOf()).toEqual([ip]);
    clock.advance(120_000);
    await runRetention(configured.ctx);
    expect(await addressOf()).toEqual([]);
  });

  it("a visitor's contact message goes when the stated period has passed; a user's stays with the account", async () => {
    const period = periodOf(await notice(configured), "visitor_contact_messages");
    const id = randomUUID();
    await configured.ctx.db.insert(contactMessages).values({ id, userId: null, replyEmail: "v@example.se", content: "x", locale: "sv", createdAt: clock.now() });
    clock.advance(period - 60_000);
    expect((await runRetention(configured.ctx)).visitorContactMessages).toBe(0);
    clock.advance(120_000);
    expect((await runRetention(configured.ctx)).visitorContactMessages).toBe(1);
    expect(await configured.ctx.db.select().from(contactMessages).where(eq(contactMessages.id, id))).toHaveLength(0);
  });

  it("an e-mail the relay never took goes when the stated period has passed: retried, then a dead letter", async () => {
    const period = periodOf(await notice(configured), "undelivered_email");
    const retryMs = configured.ctx.env.MAIL_RETRY_HOURS * 3_600_000;
    const created = clock.now();
    const key = `undelivered-${randomUUID()}`;
    // Given up after the retry period: the worker marks it failed then.
    await configured.ctx.db.insert(jobs).values({
      kind: MAIL_JOB,
      dedupeKey: key,
      payload: {},
      status: "failed",
      runAt: created,
      createdAt: created,
      finishedAt: new Date(created.getTime() + retryMs),
    });
    const left = async () => (await configured.ctx.db.select().from(jobs).where(eq(jobs.dedupeKey, key))).length;
    clock.advance(period - 60_000);
    await pruneDeadLetters(configured.ctx.db, MAIL_JOB, clock.now(), DEAD_LETTER_DAYS);
    expect(await left()).toBe(1);
    clock.advance(120_000);
    await pruneDeadLetters(configured.ctx.db, MAIL_JOB, clock.now(), DEAD_LETTER_DAYS);
    expect(await left()).toBe(0);
  });
});
