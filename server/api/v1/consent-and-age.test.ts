import path from "node:path";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CURRENT_CONSENT_VERSION } from "../../../common/auth/consent.ts";
import { CURRENT_TERMS_VERSION } from "../../../common/auth/terms.ts";
import { LOCALES } from "../../../common/i18n/locales.ts";
import { consents } from "../../db/schema/accounts.ts";
import { onboardings } from "../../db/schema/screening.ts";
import { users } from "../../db/schema/users.ts";
import { loadContent } from "../../modules/content/load-content.ts";
import { hashOnboardingToken } from "../../modules/screening/onboarding-service.ts";
import { TestAgent } from "../../testing/agent.ts";
import { GOOD_PASSWORD, latestMailTo, linkParam, randomIp, registerUser, uniqueEmail } from "../../testing/accounts.ts";
import { registerWithBankId } from "../../testing/bankid.ts";
import { ACCOUNT_AGREEMENTS, VISITOR_CONSENT } from "../../testing/consent.ts";
import { createTestApp, json } from "../../testing/test-app.ts";

/**
 * Consent and age (issue 25, ADR 021): onboarding and registration ask for the explicit consent
 * (health data, naming the statistics) and the 18+ confirmation, record both with the consent
 * text's version, and a new version asks again. Risk control C13.1 (docs/regulatory/risks.md).
 */

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app.close();
});

function fields(response: { body: string }): Record<string, string> {
  return (json(response as never) as { fields?: Record<string, string> }).fields ?? {};
}

async function registrationCode(agent: TestAgent): Promise<{ code: string; email: string }> {
  const email = uniqueEmail("consent");
  expect((await agent.post("/api/v1/onboarding/register/email", { email, locale: "sv" })).statusCode).toBe(202);
  return { code: linkParam((await latestMailTo(app, email)).text, "code"), email };
}

describe("consent and 18+ confirmation", () => {
  it("a visitor's onboarding without the 18+ confirmation or the consent: 400 with each field", async () => {
    const agent = new TestAgent(app, randomIp());
    const noAdult = await agent.post("/api/v1/onboarding/", { consent: true, adult: false, consent_version: CURRENT_CONSENT_VERSION, locale: "sv" });
    expect(noAdult.statusCode).toBe(400);
    expect(fields(noAdult)).toEqual({ "body.adult": "age.required" });
    const missing = await agent.post("/api/v1/onboarding/", { consent: true, locale: "sv" });
    expect(missing.statusCode).toBe(400);
    expect(fields(missing)).toMatchObject({ "body.adult": expect.any(String), "body.consent_version": expect.any(String) });
    const noConsent = await agent.post("/api/v1/onboarding/", { ...VISITOR_CONSENT, consent: false, locale: "sv" });
    expect(fields(noConsent)).toEqual({ "body.consent": "consent.required" });
    const outdated = await agent.post("/api/v1/onboarding/", { ...VISITOR_CONSENT, consent_version: "2020-01-01", locale: "sv" });
    expect(outdated.statusCode).toBe(400);
    expect(fields(outdated)).toEqual({ "body.consent_version": "consent.outdated" });
    const given = await agent.post("/api/v1/onboarding/", { ...VISITOR_CONSENT, locale: "sv" });
    expect(given.statusCode).toBe(201);
    const { token } = json(given) as { token: string };
    const [row] = await app.ctx.db.select().from(onboardings).where(eq(onboardings.tokenHash, hashOnboardingToken(token)));
    expect(row?.consentVersion).toBe(CURRENT_CONSENT_VERSION);
  });

  it("registration by e-mail and by BankID without the 18+ confirmation or the consent: 400 with each field", async () => {
    const agent = new TestAgent(app, randomIp());
    const { code } = await registrationCode(agent);
    const base = { code, password: GOOD_PASSWORD, terms_version: CURRENT_TERMS_VERSION, accept_terms: true };
    const noAdult = await agent.post("/api/v1/onboarding/complete", { ...base, consent_health_data: true, ...ACCOUNT_AGREEMENTS, adult: false });
    expect(noAdult.statusCode).toBe(400);
    expect(fields(noAdult)).toEqual({ "body.adult": "age.required" });
    const noConsent = await agent.post("/api/v1/onboarding/complete", { ...base, consent_health_data: false, ...ACCOUNT_AGREEMENTS });
    expect(fields(noConsent)).toEqual({ "body.consent_health_data": "consent.required" });
    const outdated = await agent.post("/api/v1/onboarding/complete", { ...base, consent_health_data: true, ...ACCOUNT_AGREEMENTS, consent_version: "2020-01-01" });
    expect(outdated.statusCode).toBe(400);
    expect(fields(outdated)).toEqual({ "body.consent_version": "consent.outdated" });
    // The link still works: nothing was created by the refusals.
    expect((await agent.post("/api/v1/onboarding/complete", { ...base, consent_health_data: true, ...ACCOUNT_AGREEMENTS })).statusCode).toBe(201);

    const bankid = { device: "other", locale: "sv", terms_version: CURRENT_TERMS_VERSION, accept_terms: true, consent_health_data: true };
    const bankidNoAdult = await new TestAgent(app, randomIp()).post("/api/v1/onboarding/register", { ...bankid, consent_version: CURRENT_CONSENT_VERSION, adult: false });
    expect(bankidNoAdult.statusCode).toBe(400);
    expect(fields(bankidNoAdult)).toEqual({ "body.adult": "age.required" });
    const bankidOutdated = await new TestAgent(app, randomIp()).post("/api/v1/onboarding/register", { ...bankid, ...ACCOUNT_AGREEMENTS, consent_version: "2020-01-01" });
    expect(fields(bankidOutdated)).toEqual({ "body.consent_version": "consent.outdated" });
  });

  it("records the consent and the 18+ confirmation with the consent text's version, for e-mail and BankID accounts", async () => {
    const user = await registerUser(app, { enable2fa: false });
    const [row] = await app.ctx.db.select({ id: users.id, consentVersion: users.consentVersion }).from(users).where(eq(users.email, user.email));
    expect(row?.consentVersion).toBe(CURRENT_CONSENT_VERSION);
    const given = await app.ctx.db.select().from(consents).where(eq(consents.userId, row?.id ?? ""));
    expect(given.map((c) => [c.kind, c.version]).sort()).toEqual(
      [
        ["age", CURRENT_CONSENT_VERSION],
        ["health_data", CURRENT_CONSENT_VERSION],
        ["terms", CURRENT_TERMS_VERSION],
      ].sort(),
    );
    const bankidUser = await registerWithBankId(app);
    const profile = json(await bankidUser.agent.get("/api/v1/me/profile/")) as { consents: { kind: string; version: string }[] };
    expect(profile.consents.filter((c) => c.kind !== "terms").map((c) => [c.kind, c.version]).sort()).toEqual([
      ["age", CURRENT_CONSENT_VERSION],
      ["health_data", CURRENT_CONSENT_VERSION],
    ]);
  });

  it("a new consent text asks again: terms_accepted turns false until the new version is accepted", async () => {
    const user = await registerUser(app, { enable2fa: false });
    const [row] = await app.ctx.db.select({ id: users.id }).from(users).where(eq(users.email, user.email));
    const id = row?.id ?? "";
    expect(json(await user.agent.get("/api/v1/me/")).terms_accepted).toBe(true);
    // As after a release with new consent words: the stored version is the previous one.
    await app.ctx.db.update(users).set({ consentVersion: "2020-01-01" }).where(eq(users.id, id));
    expect(json(await user.agent.get("/api/v1/me/")).terms_accepted).toBe(false);
    const withoutAdult = await user.agent.post("/api/v1/me/accept-terms/", { version: CURRENT_TERMS_VERSION, consent_health_data: true, consent_version: CURRENT_CONSENT_VERSION });
    expect(withoutAdult.statusCode).toBe(400);
    expect(fields(withoutAdult)).toEqual({ "body.adult": expect.any(String) });
    const accepted = await user.agent.post("/api/v1/me/accept-terms/", { version: CURRENT_TERMS_VERSION, consent_health_data: true, ...ACCOUNT_AGREEMENTS });
    expect(accepted.statusCode).toBe(200);
    expect(json(accepted).terms_accepted).toBe(true);
    expect(json(await user.agent.get("/api/v1/me/")).terms_accepted).toBe(true);
    const ages = await app.ctx.db.select().from(consents).where(eq(consents.userId, id));
    expect(ages.filter((c) => c.kind === "age")).toHaveLength(2);
  });

  it("a visitor whose consent was to an older text is asked again: the token no longer opens the screening", async () => {
    const agent = new TestAgent(app, randomIp());
    const { token } = json(await agent.post("/api/v1/onboarding/", { ...VISITOR_CONSENT, locale: "sv" })) as { token: string };
    expect((await agent.post("/api/v1/onboarding/valid", { token })).statusCode).toBe(200);
    await app.ctx.db.update(onboardings).set({ consentVersion: "2020-01-01" }).where(eq(onboardings.tokenHash, hashOnboardingToken(token)));
    const valid = await agent.post("/api/v1/onboarding/valid", { token });
    expect(valid.statusCode).toBe(400);
    expect(json(valid)).toMatchObject({ code: "onboarding.token_invalid" });
    expect((await agent.request("GET", "/api/v1/screening-extended/", undefined, { token })).statusCode).toBe(400);
  });

  it("the terms page states the age limit of 18 in every language", () => {
    const terms = loadContent(path.resolve("content")).pages.find((p) => p.key === "terms");
    for (const locale of LOCALES) expect(terms?.texts[locale].body, locale).toMatch(/\b18 (år|or older)\b/);
  });
});
