import { acceptTermsBody, statusResponse } from "../../../../common/schemas/accounts.ts";
import { acceptTerms } from "../../../modules/accounts/account-service.ts";
import { clientInfo } from "../../../lib/request-data.ts";
import { defineEndpoint } from "../../endpoint.ts";

/** POST /me/accept-terms/ — records approval of the current terms and consent text, with 18+ (ReApproveTermsDialog). */
export const postAcceptTerms = defineEndpoint({
  method: "POST",
  url: "/me/accept-terms/",
  summary: "Accept the current terms of use",
  tags: ["me"],
  auth: "user",
  body: acceptTermsBody,
  response: statusResponse,
  async handler({ body, req, session }) {
    if (!session) throw new Error("unreachable: auth checked");
    return acceptTerms(req.server.ctx, clientInfo(req), session, { version: body.version, consentVersion: body.consent_version });
  },
});
