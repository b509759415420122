import { randomUUID } from "node:crypto";
import { CHECK_OPTIONS, SLEEP_WINDOW_CHECK, anyYes, sleepWindowQuestions } from "../../../common/clinical/sleep-window-check.ts";
import type { Locale } from "../../../common/i18n/locales.ts";
import { validateItemAnswers } from "../../../common/instruments/scoring.ts";
import type { SafetyCheckResult } from "../../../common/schemas/courses.ts";
import type { AppContext } from "../../app-context.ts";
import { moduleProgress } from "../../db/schema/content.ts";
import { AppError } from "../../lib/app-error.ts";
import { completeAnsweredModule, openModule } from "./course-service.ts";
import { insertCheck } from "./safety-check-repository.ts";
import { safetyCheckView } from "./safety-check-view.ts";
import { sleepWindowState } from "./sleep-window-state.ts";

/**
 * Answers to the sleep window's safety check (rule G1): every question answered yes (1) or no
 * (0), stored field-encrypted, the module completed. Any "yes" withholds the window; so does the
 * newest screening (G2). The answer holds the outcome and the course as the user now sees it: the
 * sleep-window modules, or the path instead of them.
 */
export async function submitSafetyCheck(
  ctx: AppContext,
  userId: string,
  moduleId: string,
  answers: Record<string, number>,
  locale: Locale,
): Promise<SafetyCheckResult> {
  const { course, module } = await openModule(ctx, userId, moduleId);
  if (module.type !== "safety_check" || module.settings.check !== SLEEP_WINDOW_CHECK) throw new AppError("request.not_found");
  const validation = validateItemAnswers(
    sleepWindowQuestions.map((question) => ({ id: question.id, options: CHECK_OPTIONS })),
    answers,
  );
  if (!validation.ok) {
    const fields = Object.fromEntries(Object.entries(validation.fields).map(([id, code]) => [`body.answers.${id}`, `answer.${code}`]));
    throw new AppError("request.invalid", { fields });
  }
  const now = ctx.clock.now();
  const detail = await ctx.db.transaction(async (tx) => {
    await insertCheck(tx, ctx.cipher, {
      id: randomUUID(),
      userId,
      check: SLEEP_WINDOW_CHECK,
      answers: validation.answers,
      outcome: anyYes(validation.answers) ? "withheld" : "clear",
      at: now,
    });
    await tx.insert(moduleProgress).values({ userId, moduleId: module.id, courseId: course.id, completedAt: now }).onConflictDoNothing();
    return completeAnsweredModule(ctx, tx, userId, course, locale);
  });
  return { check: safetyCheckView(await sleepWindowState(ctx, userId), locale), course: detail };
}
