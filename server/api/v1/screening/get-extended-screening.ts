import { extendedScreeningResponse } from "../../../../common/schemas/screening.ts";
import { screeningOwner } from "../../../modules/screening/onboarding-service.ts";
import { getExtendedScreening } from "../../../modules/screening/screening-service.ts";
import { onboardingTokenOf } from "../../../lib/request-data.ts";
import { defineEndpoint } from "../../endpoint.ts";

/** GET /screening-extended/ — the groups with the owner's progress (resume), results when complete. */
export const getExtendedScreeningEndpoint = defineEndpoint({
  method: "GET",
  url: "/screening-extended/",
  summary: "Extended screening groups and progress (token header for visitors)",
  tags: ["screening"],
  auth: "public",
  onboardingToken: "instead-of-session",
  response: extendedScreeningResponse,
  errors: [403],
  async handler({ req, session, locale }) {
    const ctx = req.server.ctx;
    return getExtendedScreening(ctx, await screeningOwner(ctx, onboardingTokenOf(req), session), locale);
  },
});
