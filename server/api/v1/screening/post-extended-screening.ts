import { extendedScreeningBody, extendedScreeningResponse } from "../../../../common/schemas/screening.ts";
import { screeningOwner } from "../../../modules/screening/onboarding-service.ts";
import { saveExtendedGroups } from "../../../modules/screening/screening-service.ts";
import { throttleScreening } from "../../../modules/screening/screening-throttle.ts";
import { clientInfo, onboardingTokenOf } from "../../../lib/request-data.ts";
import { defineEndpoint } from "../../endpoint.ts";

/** POST /screening-extended/ — saves answered groups at once; merged results when all are done. */
export const postExtendedScreening = defineEndpoint({
  method: "POST",
  url: "/screening-extended/",
  summary: "Save extended screening groups (token header for visitors)",
  tags: ["screening"],
  auth: "public",
  onboardingToken: "instead-of-session",
  body: extendedScreeningBody,
  response: extendedScreeningResponse,
  errors: [403, 429],
  async handler({ body, req, session, locale }) {
    const ctx = req.server.ctx;
    await throttleScreening(ctx, clientInfo(req), session);
    const owner = await screeningOwner(ctx, onboardingTokenOf(req), session);
    return saveExtendedGroups(ctx, owner, body.groups, locale, body.id);
  },
});
