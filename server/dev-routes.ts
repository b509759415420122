import { randomBytes, randomUUID } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { zodFieldErrors } from "../common/schemas/field-errors.ts";
import { CURRENT_TERMS_VERSION } from "../common/auth/terms.ts";
import { registerOutboxPages } from "./dev-outbox.ts";
import { consents } from "./db/schema/accounts.ts";
import { registerDevBankIdRoutes } from "./plugins/dev-bankid-routes.ts";
import { users } from "./db/schema/users.ts";
import { generateSecret } from "./modules/twofa/totp.ts";
import { totpSecretAad } from "./modules/accounts/twofa-service.ts";
import { AppError } from "./lib/app-error.ts";
import { hashNewPassword } from "./modules/accounts/passwords.ts";
import { insertSession } from "./modules/sessions/session-repository.ts";
import { hashSessionId } from "./modules/sessions/session-service.ts";
import { CURRENT_CONSENT_VERSION } from "../common/auth/consent.ts";
import { consentRows } from "./modules/accounts/consent.ts";
import { giveScreening } from "./modules/screening/fixture-screening.ts";

const sessionFixture = z.strictObject({
  verified: z.boolean().default(true),
  locale: z.enum(["sv", "en", "no", "da"]).default("sv"),
  /** False: a user who has not set up the second factor yet (the enable-2FA screen). */
  twofa: z.boolean().default(true),
  /** Another session for an existing fixture user (two devices of one person). */
  user_id: z.uuid().optional(),
  /** False: the current terms are not accepted (the re-approve-terms dialog). */
  terms: z.boolean().default(true),
  /** A password, for calls that ask for it again (removing the authenticator). */
  password: z.string().min(1).max(200).optional(),
  /** A completed light screening (all answers 0; or item 9 as given), so a course can be started. */
  screening: z.strictObject({ item9: z.number().int().min(0).max(3).default(0) }).optional(),
  /** A BankID account (no e-mail, password or authenticator) whose login was this many minutes ago. */
  bankid_login_minutes_ago: z.number().int().min(0).max(600).optional(),
});

/**
 * Development-only routes (DEV_PAGES, never in production): test fixtures that create a user
 * and a session directly, so end-to-end tests need no UI ceremony to be logged in.
 */
export async function registerDevRoutes(app: FastifyInstance, options: { outboxDir: string }): Promise<void> {
  if (!app.ctx.env.DEV_PAGES || app.ctx.env.isProduction) return;

  app.post("/dev/fixtures/session", async (req) => {
    const body: unknown = req.body ?? {};
    const parsed = sessionFixture.safeParse(body);
    if (!parsed.success) throw new AppError("request.invalid", { fields: zodFieldErrors(parsed.error, body, "body") });
    const { ctx } = app;
    if (parsed.data.user_id) {
      const id = randomBytes(32).toString("base64url");
      const now = ctx.clock.now();
      await insertSession(ctx.db, {
        idHash: hashSessionId(id),
        userId: parsed.data.user_id,
        verified: parsed.data.verified,
        createdAt: now,
        expiresAt: new Date(now.getTime() + ctx.env.SESSION_ABSOLUTE_HOURS * 3_600_000),
        ip: req.ip,
        userAgent: "fixture",
      });
      return { user: { id: parsed.data.user_id }, sessionid: id };
    }
    // A user as after registration and 2FA set-up: current terms accepted, authenticator enabled.
    const id0 = randomUUID();
    const secret = generateSecret();
    const now0 = ctx.clock.now();
    const bankid = parsed.data.bankid_login_minutes_ago !== undefined;
    const [user] = await ctx.db
      .insert(users)
      .values({
        id: id0,
        email: bankid ? null : `fixture-${id0}@example.test`,
        authType: bankid ? "bankid" : "email",
        locale: parsed.data.locale,
        termsVersion: parsed.data.terms ? CURRENT_TERMS_VERSION : null,
        consentVersion: parsed.data.terms ? CURRENT_CONSENT_VERSION : null,
        ...(parsed.data.password ? { passwordHash: await hashNewPassword(parsed.data.password) } : {}),
        ...(parsed.data.twofa && !bankid ? { totpSecret: ctx.cipher.encrypt(secret, totpSecretAad(id0)), totpEnabledAt: now0 } : {}),
      })
      .returning({ id: users.id, email: users.email });
    if (!user) throw new Error("fixture user not created");
    await ctx.db.insert(consents).values([
      { userId: user.id, kind: "terms", version: CURRENT_TERMS_VERSION, locale: parsed.data.locale, givenAt: now0 },
      ...consentRows(user.id, parsed.data.locale, now0),
    ]);
    const id = randomBytes(32).toString("base64url");
    const now = ctx.clock.now();
    await insertSession(ctx.db, {
      idHash: hashSessionId(id),
      userId: user.id,
      verified: parsed.data.verified,
      createdAt: new Date(now.getTime() - (parsed.data.bankid_login_minutes_ago ?? 0) * 60_000),
      expiresAt: new Date(now.getTime() + ctx.env.SESSION_ABSOLUTE_HOURS * 3_600_000),
      ip: req.ip,
      userAgent: "fixture",
    });
    if (parsed.data.screening) await giveScreening(app, user.id, { item9: parsed.data.screening.item9 });
    return { user, sessionid: id, totpSecret: secret };
  });

  registerOutboxPages(app, { outboxDir: options.outboxDir });
  if (app.ctx.env.BANKID_MODE === "simulator") registerDevBankIdRoutes(app);

}
