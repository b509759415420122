import { screeningStatsResponse } from "../../../../common/schemas/screening.ts";
import { screeningStats } from "../../../modules/screening/screening-stats.ts";
import { defineEndpoint } from "../../endpoint.ts";

/** GET /screening/stats/ — how others answered the light screening, groups of ten or more only. */
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
