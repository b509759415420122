import { and, desc, eq } from "drizzle-orm";
import { getInstrument, isInstrumentId } from "../../../common/instruments/registry.ts";
import { isCrisis, needsHealthcareAdvice, scoreInstrument, validateAnswers } from "../../../common/instruments/scoring.ts";
import type { FastifyRequest } from "fastify";
import type { Locale } from "../../../common/i18n/locales.ts";
import type { AppContext } from "../../app-context.ts";
import { evaluationAnswers, moduleProgress } from "../../db/schema/content.ts";
import { AppError } from "../../lib/app-error.ts";
import { audit } from "../audit/audit.ts";
import { completeAnsweredModule, openModule } from "./course-service.ts";

export function answersAad(userId: string): string {
  return `evaluation_answers.answers:${userId}`;
}

/**
 * Scores and stores the answers to a course evaluation or post-part screening, and completes the
 * module. PHQ-9 item 9 is checked on the raw answers first: above 0 the answer says `crisis`,
 * whatever else happens, and the event is recorded (without the answer).
 */
export async function submitEvaluation(
  ctx: AppContext,
  req: FastifyRequest,
  userId: string,
  moduleId: string,
  answers: Record<string, number>,
  locale: Locale,
) {
  const crisis = isCrisis(answers);
  if (crisis) await audit(ctx, ctx.db, { userId, event: "safety.crisis_shown", ip: req.ip, detail: { where: "course_evaluation" } });
  const { course, module } = await openModule(ctx, userId, moduleId);
  if (module.type !== "evaluation" && module.type !== "post_part_screening") throw new AppError("request.not_found");
  const id = String(module.settings.instrument);
  if (!isInstrumentId(id)) throw new Error(`module ${module.key} has no known instrument`);
  const instrument = getInstrument(id);
  const validation = validateAnswers(instrument, answers);
  if (!validation.ok) {
    const fields = Object.fromEntries(Object.entries(validation.fields).map(([item, code]) => [`body.answers.${item}`, `answer.${code}`]));
    throw new AppError("request.invalid", { fields });
  }
  const result = scoreInstrument(instrument, validation.answers);
  const [previous] = await ctx.db
    .select({ severity: evaluationAnswers.severity })
    .from(evaluationAnswers)
    .where(and(eq(evaluationAnswers.userId, userId), eq(evaluationAnswers.instrument, id)))
    .orderBy(desc(evaluationAnswers.createdAt))
    .limit(1);
  const detail = await ctx.db.transaction(async (tx) => {
    await tx.insert(evaluationAnswers).values({
      userId,
      courseId: course.id,
      moduleId: module.id,
      instrument: id,
      answers: ctx.cipher.encrypt(JSON.stringify(validation.answers), answersAad(userId)),
      score: result.score,
      band: result.band,
      severity: result.severity,
      createdAt: ctx.clock.now(),
    });
    await tx.insert(moduleProgress).values({ userId, moduleId: module.id, courseId: course.id, completedAt: ctx.clock.now() }).onConflictDoNothing();
    return completeAnsweredModule(ctx, tx, userId, course, locale);
  });
  return {
    instrument: id,
    score: result.score,
    max: result.max,
    band: result.band,
    severity: result.severity,
    crisis,
    healthcare_advice: needsHealthcareAdvice([result]) || (previous !== undefined && result.severity > previous.severity),
    course: detail,
  };
}

/** The user's own latest answers to an evaluation module; 404 when they have none. */
export async function latestEvaluation(ctx: AppContext, userId: string, moduleId: string) {
  const [row] = await ctx.db
    .select()
    .from(evaluationAnswers)
    .where(and(eq(evaluationAnswers.userId, userId), eq(evaluationAnswers.moduleId, moduleId)))
    .orderBy(desc(evaluationAnswers.createdAt))
    .limit(1);
  if (!row) throw new AppError("request.not_found");
  return {
    instrument: row.instrument,
    answers: JSON.parse(ctx.cipher.decrypt(row.answers, answersAad(userId))) as Record<string, number>,
    score: row.score,
    band: row.band,
    created_at: row.createdAt.toISOString(),
  };
}
