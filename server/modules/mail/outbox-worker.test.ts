import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../app.ts";
import { randomIp, uniqueEmail } from "../../testing/accounts.ts";
import { TestAgent } from "../../testing/agent.ts";
import { createTestRelay, type TestRelay } from "../../testing/smtp-relay.ts";
import { testEnv, type TestApp } from "../../testing/test-app.ts";
import { isolatedTestDatabase } from "../../testing/test-database.ts";

/**
 * The app as a server runs it (its own job worker, polling once a minute): a queued mail wakes the
 * worker, so the person's e-mail leaves within moments of the answer, not at the next poll.
 */

let relay: TestRelay;
let app: TestApp;
beforeAll(async () => {
  relay = await createTestRelay("accept");
  await relay.start();
  app = await buildApp({
    env: testEnv({ SMTP_URL: relay.url, JOB_POLL_SECONDS: "60" }),
    database: await isolatedTestDatabase(),
    logger: false,
    worker: true,
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await relay.stop();
});

describe("the outbox in a running server", () => {
  it("delivers a registration mail right after the request answered, without waiting for a poll", async () => {
    const email = uniqueEmail("outbox-wake");
    const response = await new TestAgent(app, randomIp()).post("/api/v1/onboarding/register/email", { email, locale: "da" });
    expect(response.statusCode).toBe(202);
    const answered = Date.now();
    while (!relay.received.some((m) => m.to.includes(email)) && Date.now() - answered < 10_000) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(relay.received.filter((m) => m.to.includes(email))).toHaveLength(1);
    expect(Date.now() - answered).toBeLessThan(10_000);
  });
});
