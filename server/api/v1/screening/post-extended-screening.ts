import { extendedScreeningBody, extendedScreeningResponse, localeOptionalQuery } from "../../../../common/schemas/screening.ts";
import { requestLocale, screeningOwner } from "../../../modules/screening/onboarding-service.ts";
import { saveExtendedGroups } from "../../../modules/screening/screening-service.ts";
import { defineEndpoint } from "../../endpoint.ts";

/** POST /screening-extended/ — saves answered groups at once; merged results when all are done. */
export const postExtendedScreening = defineEndpoint({
  method: "POST",
  url: "/screening-extended/",
  summary: "Save extended screening groups (token header for visitors)",
  tags: ["screening"],
  auth: "public",
  query: localeOptionalQuery,
  body: extendedScreeningBody,
  response: extendedScreeningResponse,
  errors: [403],
  async handler({ query, body, req, session }) {
    const ctx = req.server.ctx;
    const owner = await screeningOwner(ctx, req, session);
    return saveExtendedGroups(ctx, req, owner, body.groups, requestLocale(req, query));
  },
});
