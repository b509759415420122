import { randomUUID } from "node:crypto";
import { and, desc, eq } from "drizzle-orm";
import { evaluationWorsened, healthcareAdvice } from "../../../common/clinical/rules.ts";
import { courseQuestionnaire, questionnaireKind, scoreCourseAnswers, validateCourseAnswers } from "../../../common/instruments/course-questionnaire.ts";
import { getInstrument, isInstrumentId } from "../../../common/instruments/registry.ts";
import { bandFor, isCrisis, sameAnswers } from "../../../common/instruments/scoring.ts";
import type { Locale } from "../../../common/i18n/locales.ts";
import type { InstrumentId, InstrumentResult } from "../../../common/instruments/types.ts";
import type { CourseDetail } from "../../../common/schemas/courses.ts";
import type { DbOrTx } from "../../db/client.ts";
import type { AppContext } from "../../app-context.ts";
import { evaluationAnswers, moduleProgress } from "../../db/schema/content.ts";
import type { ModuleRow } from "./course-structure.ts";
import { AppError } from "../../lib/app-error.ts";
import { audit } from "../audit/audit.ts";
import { recentCrisis } from "../clinical/clinical-state.ts";
import { openEvaluationScore, sealEvaluationScore } from "../screening/health-values.ts";
import { CRISIS_EVENT, screeningBaseline } from "../screening/screening-repository.ts";
import { completeAnsweredModule, moduleAndCourse, openModule } from "./course-service.ts";
import { answersAad, previousEvaluationScore } from "./evaluation-repository.ts";

/** The course questionnaire of an evaluation or check-in module (404 for any other module). */
function questionnaireOf(module: ModuleRow) {
  if (module.type !== "evaluation" && module.type !== "post_part_screening") throw new AppError("request.not_found");
  const id = String(module.settings.instrument);
  if (!isInstrumentId(id)) throw new Error(`module ${module.key} has no known instrument`);
  return { id, questionnaire: courseQuestionnaire(id, questionnaireKind(module.type)) };
}

/**
 * Healthcare advice by rules H1–H5 for a result: item 9, the bands, a reliable worsening against
 * the previous evaluation (`before`: the one before that stored answer) or the screening baseline.
 */
async function adviceFor(ctx: AppContext, userId: string, instrument: InstrumentId, result: InstrumentResult, crisis: boolean, before?: { id: string; at: Date }) {
  const owner = { kind: "user" as const, userId };
  const previous = await previousEvaluationScore(ctx.db, ctx.cipher, userId, instrument, before);
  const baseline = await screeningBaseline(ctx.db, ctx.cipher, owner, instrument);
  const worsened = evaluationWorsened(result, { previousEvaluation: previous?.score ?? null, screeningBaseline: baseline?.score ?? null });
  return healthcareAdvice({ results: [result], selfHarm: crisis, recentCrisis: await recentCrisis(ctx, owner), worsened });
}

function answerOf(instrument: string, result: InstrumentResult, crisis: boolean, advice: boolean, course: CourseDetail) {
  return { instrument, score: result.score, max: result.max, band: result.band, severity: result.severity, crisis, healthcare_advice: advice, course };
}


/**
 * The answer to answers stored before with the client's `id`, as it was given then (worked out
 * again from what was stored), or null when none is. The id of another user's answers, of
 * another module's or of other answers (never sent again by the client) is refused on its field.
 */
async function answeredBefore(ctx: AppContext, userId: string, moduleId: string, id: string, sent: Record<string, number>, locale: Locale) {
  const [row] = await ctx.db.select().from(evaluationAnswers).where(eq(evaluationAnswers.id, id)).limit(1);
  if (!row) return null;
  const refused = new AppError("request.invalid", { fields: { "body.id": "invalid_value" } });
  if (row.userId !== userId || row.moduleId !== moduleId) throw refused;
  const answers = JSON.parse(ctx.cipher.decrypt(row.answers, answersAad(userId))) as Record<string, number>;
  if (!sameAnswers(answers, sent)) throw refused;
  const { module, course } = await moduleAndCourse(ctx, userId, moduleId, locale);
  const { id: instrument, questionnaire } = questionnaireOf(module);
  const { result } = scoreCourseAnswers(questionnaire, answers);
  const crisis = isCrisis(answers);
  return answerOf(instrument, result, crisis, await adviceFor(ctx, userId, instrument, result, crisis, { id: row.id, at: row.createdAt }), course);
}

/**
 * Scores and stores the answers to a course evaluation or check-in (post-part screening), and
 * completes the module. Every one asks PHQ-9 item 9 (course-questionnaire.ts), checked on the raw
 * answers: above 0 the answer says `crisis`, whatever else happens, and the event is recorded
 * (without the answer): with the answers when they are stored, else when they are refused.
 * Healthcare advice by rules H1–H5: item 9 now or in the last 14 days, PHQ-9 ≥ 15, GAD-7 ≥ 15, or
 * a reliable worsening against the previous evaluation or the screening baseline.
 *
 * With the client's `id` for the answers, the same answers sent again (a retry after an answer
 * that never arrived, a double submit, at the same moment too) are stored once, the module
 * completed and the crisis recorded once, and answered as the first time.
 */
export async function submitEvaluation(
  ctx: AppContext,
  userId: string,
  moduleId: string,
  answers: Record<string, number>,
  locale: Locale,
  submission?: string,
) {
  const crisis = isCrisis(answers);
  // A health fact: recorded without the address (docs/retention.md).
  const recordCrisis = (db: DbOrTx) => audit(ctx, db, { userId, event: CRISIS_EVENT, ip: null, detail: { where: "course_evaluation" } });
  let recorded = false;
  try {
    if (submission) {
      const before = await answeredBefore(ctx, userId, moduleId, submission, answers, locale);
      // Stored with the crisis recorded, when the answers came the first time.
      if (before) return before;
    }
    const { course, module } = await openModule(ctx, userId, moduleId);
    const { id, questionnaire } = questionnaireOf(module);
    const validation = validateCourseAnswers(questionnaire, answers);
    if (!validation.ok) {
      const fields = Object.fromEntries(Object.entries(validation.fields).map(([item, code]) => [`body.answers.${item}`, `answer.${code}`]));
      throw new AppError("request.invalid", { fields });
    }
    const { result } = scoreCourseAnswers(questionnaire, validation.answers);
    // Before this answer is stored: the previous evaluation and the screening baseline.
    const advice = await adviceFor(ctx, userId, id, result, crisis);
    const rowId = submission ?? randomUUID();
    const detail = await ctx.db.transaction(async (tx) => {
      const [stored] = await tx
        .insert(evaluationAnswers)
        .values({
          id: rowId,
          userId,
          courseId: course.id,
          moduleId: module.id,
          instrument: id,
          answers: ctx.cipher.encrypt(JSON.stringify(validation.answers), answersAad(userId)),
          ...sealEvaluationScore(ctx.cipher, result, userId, rowId),
          createdAt: ctx.clock.now(),
        })
        .onConflictDoNothing({ target: evaluationAnswers.id })
        .returning({ id: evaluationAnswers.id });
      // The same answers stored meanwhile, sent at the same moment (or the id is not the client's own).
      if (!stored) return null;
      if (crisis) await recordCrisis(tx);
      await tx.insert(moduleProgress).values({ userId, moduleId: module.id, courseId: course.id, completedAt: ctx.clock.now() }).onConflictDoNothing();
      return completeAnsweredModule(ctx, tx, userId, course, locale);
    });
    recorded = detail !== null;
    if (!detail) {
      const first = await answeredBefore(ctx, userId, moduleId, rowId, answers, locale);
      if (!first) throw new Error("unreachable: the conflicting answers are stored");
      return first;
    }
    return answerOf(id, result, crisis, advice, detail);
  } catch (error) {
    // Refused or failed: the crisis is still recorded (once, with the answers when they are stored).
    if (crisis && !recorded) await recordCrisis(ctx.db);
    throw error;
  }
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
  const answers = JSON.parse(ctx.cipher.decrypt(row.answers, answersAad(userId))) as Record<string, number>;
  return {
    instrument: row.instrument,
    answers,
    score,
    // Worked out again from the score (ADR 023): an old answer follows today's bands.
    band: isInstrumentId(row.instrument) ? bandFor(getInstrument(row.instrument), score).id : band,
    // As with the answer when it was sent: a band is never shown without it.
    crisis: isCrisis(answers),
    created_at: row.createdAt.toISOString(),
  };
}
