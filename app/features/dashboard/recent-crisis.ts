import { CRISIS_ADVICE_DAYS } from "../../../common/clinical/rules.ts";
import type { EvaluationHistory } from "../../../common/schemas/screening.ts";

/**
 * Whether the history holds a point with PHQ-9 item 9 above 0 from the last `CRISIS_ADVICE_DAYS`
 * days (rule H4): what the dashboard falls back on for its help when the recommendations, which
 * say it themselves, could not be read. `nowSeconds`: seconds since the epoch, as the points.
 */
export function recentCrisisIn(history: EvaluationHistory | null, nowSeconds: number): boolean {
  const since = nowSeconds - CRISIS_ADVICE_DAYS * 86_400;
  return history?.series.some((series) => series.points.some((point) => point.crisis && point.at >= since)) ?? false;
}
