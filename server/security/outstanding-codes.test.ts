import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TestAgent } from "../testing/agent.ts";
import { codeFor, latestMailTo, linkParam, randomIp, registerUser, uniqueEmail } from "../testing/accounts.ts";
import { FakeClock, createTestApp } from "../testing/test-app.ts";
import { ACCOUNT_AGREEMENTS } from "../testing/consent.ts";

let app: FastifyInstance;
const clock = new FakeClock(Date.UTC(2026, 10, 23, 9, 0, 0));
beforeAll(async () => {
  app = await createTestApp({ clock });
});
afterAll(async () => {
  await app.close();
});

async function resetLink(email: string): Promise<string> {
  const asked = await new TestAgent(app, randomIp()).post("/api/v1/password/reset", { email });
  expect(asked.statusCode).toBe(202);
  return linkParam((await latestMailTo(app, email)).text, "token");
}

async function useReset(token: string, password: string) {
  return new TestAgent(app, randomIp()).post("/api/v1/password/reset/complete", { token, password });
}

describe("outstanding e-mail codes die together", () => {
  it("using one reset link kills the older ones", async () => {
    const user = await registerUser(app);
    const older = await resetLink(user.email);
    const newer = await resetLink(user.email);
    expect(older).not.toBe(newer);
    expect((await useReset(newer, "en ny mening som lösen")).statusCode).toBe(200);
    const stale = await useReset(older, "och en till mening här");
    expect(stale.statusCode).toBe(400);
    expect(stale.json().code).toBe("auth.link_invalid");
  });

  it("changing the password kills every reset link", async () => {
    const user = await registerUser(app);
    const token = await resetLink(user.email);
    const changed = await user.agent.post("/api/v1/password/change", { current_password: user.password, new_password: "helt nytt lösen i dag" });
    expect(changed.statusCode).toBe(200);
    expect((await useReset(token, "angriparens lösenord nu")).json().code).toBe("auth.link_invalid");
  });

  it("changing the e-mail address kills reset links and other pending address changes", async () => {
    const user = await registerUser(app);
    const token = await resetLink(user.email);
    const first = uniqueEmail("first");
    const second = uniqueEmail("second");
    expect((await user.agent.post("/api/v1/me/email/", { email: first, password: user.password })).statusCode).toBe(202);
    const firstCode = linkParam((await latestMailTo(app, first)).text, "email_code");
    expect((await user.agent.post("/api/v1/me/email/", { email: second, password: user.password })).statusCode).toBe(202);
    const secondCode = linkParam((await latestMailTo(app, second)).text, "email_code");
    expect((await user.agent.post("/api/v1/me/email/confirm/", { code: secondCode })).statusCode).toBe(200);
    const stale = await user.agent.post("/api/v1/me/email/confirm/", { code: firstCode });
    expect(stale.json().code).toBe("auth.link_invalid");
    expect((await useReset(token, "angriparens lösenord nu")).json().code).toBe("auth.link_invalid");
  });

  it("completing registration kills the other registration links to the same address", async () => {
    const email = uniqueEmail("reg");
    const agent = new TestAgent(app, randomIp());
    await agent.post("/api/v1/onboarding/register/email", { email, locale: "sv" });
    const older = linkParam((await latestMailTo(app, email)).text, "code");
    await agent.post("/api/v1/onboarding/register/email", { email, locale: "sv" });
    const newer = linkParam((await latestMailTo(app, email)).text, "code");
    expect(older).not.toBe(newer);
    const validate = (code: string) => new TestAgent(app, randomIp()).post("/api/v1/onboarding/validate-token", { code });
    expect((await validate(older)).statusCode).toBe(200);
    const done = await agent.post("/api/v1/onboarding/complete", {
      code: newer,
      password: "lugn och ro i kväll 42",
      terms_version: (await import("../../common/auth/terms.ts")).CURRENT_TERMS_VERSION,
      accept_terms: true,
      consent_health_data: true, ...ACCOUNT_AGREEMENTS,
    });
    expect(done.statusCode).toBe(201);
    expect((await validate(older)).statusCode).toBe(400);
  });
});

describe("disabling 2FA", () => {
  it("ends the user's other sessions; the one that asked goes on", async () => {
    const user = await registerUser(app);
    const other = new TestAgent(app, randomIp());
    clock.advance(30_000);
    await other.post("/api/v1/login/email", { email: user.email, password: user.password });
    const verified = await other.post("/api/v1/twofa/verify/", { code: codeFor(app, user.secret) });
    expect(verified.statusCode).toBe(200);
    expect((await other.get("/api/v1/me/profile/")).statusCode).toBe(200);
    clock.advance(30_000);
    const disabled = await user.agent.post("/api/v1/twofa/disable/", { code: codeFor(app, user.secret), password: user.password });
    expect(disabled.statusCode).toBe(200);
    expect((await other.get("/api/v1/me/")).json()).toMatchObject({ logged_in: false });
    expect((await other.get("/api/v1/me/profile/")).statusCode).toBe(401);
    expect((await user.agent.get("/api/v1/me/")).json()).toMatchObject({ logged_in: true });
  });
});
