import { randomUUID } from "node:crypto";
import { and, desc, eq } from "drizzle-orm";
import { healthcareAdvice, reliablyWorse } from "../../../common/clinical/rules.ts";
import { courseQuestionnaire, questionnaireKind, scoreCourseAnswers, validateCourseAnswers } from "../../../common/instruments/course-questionnaire.ts";
import { getInstrument, isInstrumentId } from "../../../common/instruments/registry.ts";
import { bandFor, isCrisis } from "../../../common/instruments/scoring.ts";
import type { Locale } from "../../../common/i18n/locales.ts";
import type { AppContext } from "../../app-context.ts";
import { evaluationAnswers, moduleProgress } from "../../db/schema/content.ts";
import { AppError } from "../../lib/app-error.ts";
import { audit } from "../audit/audit.ts";
import { recentCrisis } from "../clinical/clinical-state.ts";
import { openEvaluationScore, sealEvaluationScore } from "../screening/health-values.ts";
import { CRISIS_EVENT, screeningBaseline } from "../screening/screening-repository.ts";
import { completeAnsweredModule, openModule } from "./course-service.ts";
import { answersAad, previousEvaluationScore } from "./evaluation-repository.ts";

/**
 * Scores and stores the answers to a course evaluation or check-in (post-part screening), and
 * completes the module. Every one asks PHQ-9 item 9 (course-questionnaire.ts), checked on the raw
 * answers first: above 0 the answer says `crisis`, whatever else happens, and the event is
 * recorded (without the answer). Healthcare advice by rules H1–H5: item 9 now or in the last 14
 * days, PHQ-9 ≥ 15, GAD-7 ≥ 15, or a reliable worsening against the previous evaluation or the
 * screening baseline.
 */
export async function submitEvaluation(
  ctx: AppContext,
  userId: string,
  moduleId: string,
  answers: Record<string, number>,
  locale: Locale,
) {
  const crisis = isCrisis(answers);
  // A health fact: recorded without the address (docs/retention.md).
  if (crisis) await audit(ctx, ctx.db, { userId, event: CRISIS_EVENT, ip: null, detail: { where: "course_evaluation" } });
  const { course, module } = await openModule(ctx, userId, moduleId);
  if (module.type !== "evaluation" && module.type !== "post_part_screening") throw new AppError("request.not_found");
  const id = String(module.settings.instrument);
  if (!isInstrumentId(id)) throw new Error(`module ${module.key} has no known instrument`);
  const questionnaire = courseQuestionnaire(id, questionnaireKind(module.type));
  const validation = validateCourseAnswers(questionnaire, answers);
  if (!validation.ok) {
    const fields = Object.fromEntries(Object.entries(validation.fields).map(([item, code]) => [`body.answers.${item}`, `answer.${code}`]));
    throw new AppError("request.invalid", { fields });
  }
  const { result } = scoreCourseAnswers(questionnaire, validation.answers);
  const owner = { kind: "user" as const, userId };
  // Before this answer is stored: the previous evaluation and the screening baseline.
  const previous = await previousEvaluationScore(ctx.db, ctx.cipher, userId, id);
  const baseline = await screeningBaseline(ctx.db, ctx.cipher, owner, id);
  const worsened = [previous, baseline].some((before) => before !== null && reliablyWorse({ instrument: id, score: before.score }, result));
  const advice = healthcareAdvice({ results: [result], selfHarm: crisis, recentCrisis: await recentCrisis(ctx, owner), worsened });
  const rowId = randomUUID();
  const detail = await ctx.db.transaction(async (tx) => {
    await tx.insert(evaluationAnswers).values({
      id: rowId,
      userId,
      courseId: course.id,
      moduleId: module.id,
      instrument: id,
      answers: ctx.cipher.encrypt(JSON.stringify(validation.answers), answersAad(userId)),
      ...sealEvaluationScore(ctx.cipher, result, userId, rowId),
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
    healthcare_advice: advice,
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
  const { score, band } = openEvaluationScore(ctx.cipher, row, userId, row.id);
  return {
    instrument: row.instrument,
    answers: JSON.parse(ctx.cipher.decrypt(row.answers, answersAad(userId))) as Record<string, number>,
    score,
    // Worked out again from the score (ADR 023): an old answer follows today's bands.
    band: isInstrumentId(row.instrument) ? bandFor(getInstrument(row.instrument), score).id : band,
    created_at: row.createdAt.toISOString(),
  };
}
