import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { onboardings } from "../db/schema/screening.ts";
import { hashOnboardingToken } from "../modules/screening/onboarding-service.ts";
import { TestAgent } from "./agent.ts";
import { randomIp } from "./accounts.ts";
import { VISITOR_CONSENT } from "./consent.ts";

/**
 * A visitor who has consented (POST /onboarding/, from an address of its own so that the visitor
 * throttle is its own): the agent, the token it sends in the `token` header, and the onboarding's
 * id (the owner of its screenings and of its crisis records).
 */
export async function createVisitor(app: FastifyInstance, locale = "en"): Promise<{ agent: TestAgent; token: string; onboardingId: string }> {
  const agent = new TestAgent(app, randomIp());
  const created = await agent.post("/api/v1/onboarding/", { ...VISITOR_CONSENT, locale });
  if (created.statusCode !== 201) throw new Error(`onboarding answered ${created.statusCode}: ${created.body}`);
  const { token } = created.json() as { token: string };
  const [row] = await app.ctx.db.select({ id: onboardings.id }).from(onboardings).where(eq(onboardings.tokenHash, hashOnboardingToken(token)));
  if (!row) throw new Error("no onboarding for the token");
  return { agent, token, onboardingId: row.id };
}
