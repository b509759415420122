import { stillValid } from "../../../common/instruments/carry-forward.ts";
import { PHQ9_SAFETY_ITEM } from "../../../common/instruments/scoring.ts";
import { extendedScreeningGroups, type ExtendedScreeningGroup } from "../../../common/instruments/registry.ts";
import type { AppContext } from "../../app-context.ts";
import { latestExtendedGroupAnswers } from "../screening/screening-repository.ts";
import type { ModuleRow } from "./course-structure.ts";

function isExtendedGroup(value: unknown): value is ExtendedScreeningGroup {
  return typeof value === "string" && (extendedScreeningGroups as readonly string[]).includes(value);
}

/**
 * The answers a course's first questionnaire can use instead of asking again (issue 20, point 4):
 * an evaluation in the first part, not yet completed, whose questionnaire was answered in the
 * user's newest completed extended screening within its time frame
 * (common/instruments/carry-forward.ts), PHQ-9 item 9 left out. Null otherwise.
 */
export async function baselineAnswers(
  ctx: AppContext,
  userId: string,
  module: ModuleRow & { completedAt: Date | null },
  inFirstPart: boolean,
): Promise<{ at: number; answers: Record<string, number> } | null> {
  const instrument = module.settings.instrument;
  if (module.type !== "evaluation" || !inFirstPart || module.completedAt || !isExtendedGroup(instrument)) return null;
  const found = await latestExtendedGroupAnswers(ctx.db, ctx.cipher, { kind: "user", userId }, instrument);
  if (!found || !stillValid(instrument, found.answeredAt, ctx.clock.now())) return null;
  // Item 9 is asked afresh at every check-in (clinical.md), never carried.
  const { [PHQ9_SAFETY_ITEM]: _asked, ...answers } = found.answers;
  return { at: Math.floor(found.answeredAt.getTime() / 1000), answers };
}
