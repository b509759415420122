import { lightScreeningBody, lightScreeningResultResponse } from "../../../../common/schemas/screening.ts";
import { screeningOwner } from "../../../modules/screening/onboarding-service.ts";
import { submitLightScreening } from "../../../modules/screening/screening-service.ts";
import { throttleScreening } from "../../../modules/screening/screening-throttle.ts";
import { clientInfo, onboardingTokenOf } from "../../../lib/request-data.ts";
import { defineEndpoint } from "../../endpoint.ts";

/**
 * POST /screening/ — the light screening's answers; scored per area, `crisis` on PHQ-9 item 9.
 * With the client's `id`, the same answers sent again are stored once.
 */
export const postScreening = defineEndpoint({
  method: "POST",
  url: "/screening/",
  summary: "Answer the light screening (token header for visitors)",
  tags: ["screening"],
  auth: "public",
  onboardingToken: "instead-of-session",
  body: lightScreeningBody,
  response: lightScreeningResultResponse,
  errors: [403, 429],
  async handler({ body, req, session }) {
    const ctx = req.server.ctx;
    await throttleScreening(ctx, clientInfo(req), session);
    const owner = await screeningOwner(ctx, onboardingTokenOf(req), session);
    return submitLightScreening(ctx, owner, body.answers, body.id);
  },
});
