import { passwordChangeBody } from "../../../../common/schemas/accounts.ts";
import { emptyResponseSchema } from "../../../../common/schemas/common.ts";
import { changePassword } from "../../../modules/accounts/password-service.ts";
import { clientInfo } from "../../../lib/request-data.ts";
import { defineEndpoint } from "../../endpoint.ts";

/** POST /password/change — ChangePasswordDialog; the user's other sessions end. */
export const postPasswordChange = defineEndpoint({
  method: "POST",
  url: "/password/change",
  summary: "Change the password",
  tags: ["accounts"],
  auth: "verified",
  body: passwordChangeBody,
  response: emptyResponseSchema,
  hashesPassword: true,
  errors: [429],
  async handler({ body, req, session }) {
    if (!session) throw new Error("unreachable: auth checked");
    await changePassword(req.server.ctx, clientInfo(req), session, body.current_password, body.new_password);
    return {};
  },
});
