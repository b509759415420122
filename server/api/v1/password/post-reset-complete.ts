import { passwordResetCompleteBody } from "../../../../common/schemas/accounts.ts";
import { emptyResponseSchema } from "../../../../common/schemas/common.ts";
import { completePasswordReset } from "../../../modules/accounts/password-service.ts";
import { clientInfo } from "../../../lib/request-data.ts";
import { defineEndpoint } from "../../endpoint.ts";

/** POST /password/reset/complete — sets the password and ends every session of the account. */
export const postPasswordResetComplete = defineEndpoint({
  method: "POST",
  url: "/password/reset/complete",
  summary: "Set a new password with a reset link",
  tags: ["accounts"],
  auth: "public",
  body: passwordResetCompleteBody,
  response: emptyResponseSchema,
  hashesPassword: true,
  errors: [429],
  async handler({ body, req }) {
    await completePasswordReset(req.server.ctx, clientInfo(req), body.token, body.password);
    return {};
  },
});
