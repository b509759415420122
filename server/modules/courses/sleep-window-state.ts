import { sleepWindowWithheldByScreening } from "../../../common/clinical/rules.ts";
import { SLEEP_WINDOW_CHECK, anyYes } from "../../../common/clinical/sleep-window-check.ts";
import type { ModuleCondition } from "../../../common/content/schema.ts";
import type { AppContext } from "../../app-context.ts";
import type { DbOrTx } from "../../db/client.ts";
import { recentCrisis } from "../clinical/clinical-state.ts";
import type { FieldCipher } from "../../lib/field-encryption.ts";
import { newestCompletedScreening, screeningBaseline } from "../screening/screening-repository.ts";
import { previousEvaluationScore } from "./evaluation-repository.ts";
import type { ModuleRow } from "./course-structure.ts";
import { latestCheck } from "./safety-check-repository.ts";

/** Why the sleep window is withheld: a "yes" in the check, and/or the screening (G1, G2). */
export type WithheldReason = "answers" | "screening";

export interface SleepWindowState {
  /** `unanswered`: the check has not been answered and nothing withholds the window yet. */
  state: "unanswered" | "clear" | "withheld";
  reasons: WithheldReason[];
  answered: boolean;
}

/**
 * The user's newest PHQ-9 total: from the newest completed screening that holds one (an extended
 * screening; a light one asks only two of its items) or the newest course questionnaire that
 * asks it, whichever was answered later. A newer light screening does not lift a PHQ-9 of 20.
 */
async function newestPhq9Total(db: DbOrTx, cipher: FieldCipher, userId: string): Promise<number | null> {
  const screening = await screeningBaseline(db, cipher, { kind: "user", userId }, "phq9");
  const evaluation = await previousEvaluationScore(db, cipher, userId, "phq9");
  const newest = [screening, evaluation].filter((found) => found !== null).sort((a, b) => b.at.getTime() - a.at.getTime())[0];
  return newest?.score ?? null;
}

/**
 * The sleep window's gate for a user (rules G1–G2 of docs/clinical/recommendations.md): withheld
 * by any "yes" in their newest check, or by their answers (item 9 above 0 in the newest screening,
 * a crisis answer in the last 14 days, the newest PHQ-9 total ≥ 20) whether or not the check is
 * answered.
 */
export async function sleepWindowState(ctx: Pick<AppContext, "db" | "cipher" | "clock">, userId: string, db: DbOrTx = ctx.db): Promise<SleepWindowState> {
  const owner = { kind: "user" as const, userId };
  const check = await latestCheck(db, ctx.cipher, userId, SLEEP_WINDOW_CHECK);
  const screening = await newestCompletedScreening(db, ctx.cipher, owner);
  const byScreening = sleepWindowWithheldByScreening({
    selfHarm: screening?.crisis ?? false,
    // The same connection as the caller's (a transaction, when there is one).
    recentCrisis: await recentCrisis({ db, cipher: ctx.cipher, clock: ctx.clock }, owner),
    newestPhq9: await newestPhq9Total(db, ctx.cipher, userId),
  });
  const reasons: WithheldReason[] = [];
  if (check && anyYes(check.answers)) reasons.push("answers");
  if (byScreening) reasons.push("screening");
  const state = reasons.length > 0 ? "withheld" : check ? "clear" : "unanswered";
  return { state, reasons, answered: check !== null };
}

export type GatedModule = ModuleRow & { optional: boolean };

export function conditionOf(module: Pick<ModuleRow, "settings">): ModuleCondition | null {
  const when = module.settings.when;
  return when === "sleep-window-clear" || when === "sleep-window-withheld" ? when : null;
}

/**
 * The modules a user sees of a course: without a condition, always; `sleep-window-clear` unless the
 * window is withheld (before the check they are shown, and locked); `sleep-window-withheld` only
 * when it is. A module with a condition never holds back its part's completion (`optional`), so an
 * outcome that changes later does not reopen a finished part. Courses without conditions cost no
 * query.
 */
export async function visibleModules(
  ctx: Pick<AppContext, "db" | "cipher" | "clock">,
  db: DbOrTx,
  userId: string,
  modules: readonly ModuleRow[],
): Promise<{ modules: GatedModule[]; sleepWindow: SleepWindowState | null }> {
  if (!modules.some((m) => conditionOf(m) !== null)) return { modules: modules.map((m) => ({ ...m, optional: false })), sleepWindow: null };
  const sleepWindow = await sleepWindowState(ctx, userId, db);
  const withheld = sleepWindow.state === "withheld";
  const shown = modules.filter((m) => {
    const condition = conditionOf(m);
    if (condition === "sleep-window-clear") return !withheld;
    if (condition === "sleep-window-withheld") return withheld;
    return true;
  });
  return { modules: shown.map((m) => ({ ...m, optional: conditionOf(m) !== null })), sleepWindow };
}
