import { lightScreeningBody, lightScreeningResultResponse } from "../../../../common/schemas/screening.ts";
import { screeningOwner } from "../../../modules/screening/onboarding-service.ts";
import { submitLightScreening } from "../../../modules/screening/screening-service.ts";
import { defineEndpoint } from "../../endpoint.ts";

/** POST /screening/ — the light screening's answers; scored per area, `crisis` on PHQ-9 item 9. */
export const postScreening = defineEndpoint({
  method: "POST",
  url: "/screening/",
  summary: "Answer the light screening (token header for visitors)",
  tags: ["screening"],
  auth: "public",
  body: lightScreeningBody,
  response: lightScreeningResultResponse,
  errors: [403],
  async handler({ body, req, session }) {
    const ctx = req.server.ctx;
    return submitLightScreening(ctx, req, await screeningOwner(ctx, req, session), body.answers);
  },
});
