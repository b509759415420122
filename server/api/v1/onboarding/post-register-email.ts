import { registerEmailBody } from "../../../../common/schemas/accounts.ts";
import { emptyResponseSchema } from "../../../../common/schemas/common.ts";
import { requestRegistration } from "../../../modules/accounts/account-service.ts";
import { clientInfo } from "../../../lib/request-data.ts";
import { defineEndpoint } from "../../endpoint.ts";

/** POST /onboarding/register/email — 202 whether or not the address has an account. */
export const postRegisterEmail = defineEndpoint({
  method: "POST",
  url: "/onboarding/register/email",
  summary: "Start registration by e-mail (sends a link)",
  tags: ["accounts"],
  auth: "public",
  body: registerEmailBody,
  response: emptyResponseSchema,
  status: 202,
  errors: [429],
  async handler({ body, req }) {
    await requestRegistration(req.server.ctx, clientInfo(req), body.email, body.locale);
    return {};
  },
});
