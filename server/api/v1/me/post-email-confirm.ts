import { emailChangeConfirmBody, emailChangeConfirmResponse } from "../../../../common/schemas/profile.ts";
import { confirmEmailChange } from "../../../modules/profile/profile-service.ts";
import { clientInfo } from "../../../lib/request-data.ts";
import { defineEndpoint } from "../../endpoint.ts";

/** POST /me/email/confirm/ — the link from the new address: the change happens now. */
export const postEmailConfirm = defineEndpoint({
  method: "POST",
  url: "/me/email/confirm/",
  summary: "Confirm my new e-mail address",
  tags: ["me"],
  auth: "verified",
  body: emailChangeConfirmBody,
  response: emailChangeConfirmResponse,
  errors: [429],
  async handler({ body, req, session }) {
    if (!session) throw new Error("unreachable: auth checked");
    return { email: await confirmEmailChange(req.server.ctx, clientInfo(req), session, body.code) };
  },
});
