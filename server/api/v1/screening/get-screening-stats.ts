import { screeningStatsResponse } from "../../../../common/schemas/screening.ts";
import { screeningStats } from "../../../modules/screening/screening-stats.ts";
import { defineEndpoint } from "../../endpoint.ts";

/**
 * GET /screening/stats/ — how others answered the light screening: an hourly snapshot, bands of 50
 * people or more only, counts rounded to 10 (docs/decisions/015-health-values-and-statistics.md).
 */
export const getScreeningStats = defineEndpoint({
  method: "GET",
  url: "/screening/stats/",
  summary: "Anonymised light-screening bands per area",
  tags: ["screening"],
  auth: "public",
  response: screeningStatsResponse,
  async handler({ req }) {
    return screeningStats(req.server.ctx);
  },
});
