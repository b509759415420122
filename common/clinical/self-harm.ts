import type { Area } from "../instruments/types.ts";

/**
 * Whether a result's thoughts of death or self-harm (PHQ-9 item 9 above 0) are said instead of its
 * band: on the mood (depression) area, where item 9 belongs, neither the band's name nor its
 * explanation is shown beside them (docs/clinical/recommendations.md). The screenings' results, a
 * course questionnaire's result and the history chart all ask this. Its own small module: the
 * browser bundles it without the recommendation rules.
 */
export function selfHarmOverBand(crisis: boolean, area: Area | undefined): boolean {
  return crisis && area === "depression";
}
