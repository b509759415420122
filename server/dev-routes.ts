import { randomBytes, randomUUID } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { zodFieldErrors } from "../common/schemas/field-errors.ts";
import { users } from "./db/schema/users.ts";
import { AppError } from "./lib/app-error.ts";
import { insertSession } from "./modules/sessions/session-repository.ts";
import { hashSessionId } from "./modules/sessions/session-service.ts";

const sessionFixture = z.strictObject({
  verified: z.boolean().default(true),
  locale: z.enum(["sv", "en", "no", "da"]).default("sv"),
});

/**
 * Development-only routes (DEV_PAGES, never in production): test fixtures that create a user
 * and a session directly, so end-to-end tests need no UI ceremony to be logged in.
 */
export async function registerDevRoutes(app: FastifyInstance): Promise<void> {
  if (!app.ctx.env.DEV_PAGES || app.ctx.env.isProduction) return;

  app.post("/dev/fixtures/session", async (req) => {
    const parsed = sessionFixture.safeParse(req.body ?? {});
    if (!parsed.success) throw new AppError("request.invalid", { fields: zodFieldErrors(parsed.error, "body") });
    const { ctx } = app;
    const [user] = await ctx.db
      .insert(users)
      .values({ email: `fixture-${randomUUID()}@example.test`, authType: "email", locale: parsed.data.locale })
      .returning({ id: users.id, email: users.email });
    if (!user) throw new Error("fixture user not created");
    const id = randomBytes(32).toString("base64url");
    const now = ctx.clock.now();
    await insertSession(ctx.db, {
      idHash: hashSessionId(id),
      userId: user.id,
      verified: parsed.data.verified,
      createdAt: now,
      expiresAt: new Date(now.getTime() + ctx.env.SESSION_ABSOLUTE_HOURS * 3_600_000),
      ip: req.ip,
      userAgent: "fixture",
    });
    return { user, sessionid: id };
  });

}
