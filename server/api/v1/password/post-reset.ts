import { passwordResetBody } from "../../../../common/schemas/accounts.ts";
import { emptyResponseSchema } from "../../../../common/schemas/common.ts";
import { requestPasswordReset } from "../../../modules/accounts/password-service.ts";
import { clientInfo } from "../../../lib/request-data.ts";
import { defineEndpoint } from "../../endpoint.ts";

/** POST /password/reset — 202 always; the e-mail carries a 1-hour link when there is an account. */
export const postPasswordReset = defineEndpoint({
  method: "POST",
  url: "/password/reset",
  summary: "Ask for a password-reset link",
  tags: ["accounts"],
  auth: "public",
  body: passwordResetBody,
  response: emptyResponseSchema,
  status: 202,
  errors: [429],
  async handler({ body, req, locale }) {
    await requestPasswordReset(req.server.ctx, clientInfo(req), body.email, locale);
    return {};
  },
});
