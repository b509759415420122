import { randomUUID } from "node:crypto";
import { lightScreening, scoreLightScreening } from "../../../common/instruments/registry.ts";
import type { AppContext } from "../../app-context.ts";
import { screenings, screeningScores } from "../../db/schema/screening.ts";
import { sealCrisis, sealScreeningScore } from "./health-values.ts";
import { answersAad } from "./screening-repository.ts";

/**
 * Gives a user a completed light screening, as fixtures do (tests and the development-only fixture
 * route, never a request path) (a course starts only after a
 * screening in the last 90 days, rule S1): every answer `value` (0 by default, a calm one), item 9
 * as given, completed `daysAgo` days before the app's clock.
 */
export async function giveScreening(
  app: { ctx: Pick<AppContext, "db" | "cipher" | "clock"> },
  userId: string,
  options: { value?: number; item9?: number; daysAgo?: number } = {},
): Promise<void> {
  const answers = Object.fromEntries(lightScreening.map((q) => [q.id, q.id === "phq9_9" ? (options.item9 ?? 0) : (options.value ?? 0)]));
  const result = scoreLightScreening(answers);
  const id = randomUUID();
  const at = new Date(app.ctx.clock.now().getTime() - (options.daysAgo ?? 0) * 86_400_000);
  await app.ctx.db.insert(screenings).values({
    id,
    userId,
    kind: "light",
    answers: app.ctx.cipher.encrypt(JSON.stringify(answers), answersAad(id, null)),
    crisis: sealCrisis(app.ctx.cipher, result.crisis, id),
    startedAt: at,
    updatedAt: at,
    completedAt: at,
  });
  await app.ctx.db.insert(screeningScores).values(
    result.areas.map((area) => ({
      screeningId: id,
      instrument: area.instrument,
      area: area.area,
      ...sealScreeningScore(app.ctx.cipher, area, id, area.instrument),
      createdAt: at,
    })),
  );
}
