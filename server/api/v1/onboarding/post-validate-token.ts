import { validateTokenBody, validateTokenResponse } from "../../../../common/schemas/accounts.ts";
import { registrationEmail } from "../../../modules/accounts/account-service.ts";
import { clientInfo } from "../../../lib/request-data.ts";
import { defineEndpoint } from "../../endpoint.ts";

/** POST /onboarding/validate-token — the address of a live registration code, or 400. */
export const postValidateToken = defineEndpoint({
  method: "POST",
  url: "/onboarding/validate-token",
  summary: "Check a registration code",
  tags: ["accounts"],
  auth: "public",
  body: validateTokenBody,
  response: validateTokenResponse,
  errors: [429],
  async handler({ body, req }) {
    return { email: await registrationEmail(req.server.ctx, clientInfo(req), body.code) };
  },
});
