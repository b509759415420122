import { loginEmailBody, statusResponse } from "../../../../common/schemas/accounts.ts";
import { loginWithPassword } from "../../../modules/accounts/account-service.ts";
import { clientInfo } from "../../../lib/request-data.ts";
import { applySessionEffects } from "../../../plugins/session.ts";
import { defineEndpoint } from "../../endpoint.ts";

/** POST /login/email — a new session; the answer is the /me/ status (second factor next). */
export const postLoginEmail = defineEndpoint({
  method: "POST",
  url: "/login/email",
  summary: "Log in with e-mail and password",
  tags: ["accounts"],
  auth: "public",
  body: loginEmailBody,
  response: statusResponse,
  hashesPassword: true,
  errors: [429],
  async handler({ body, req, reply }) {
    const { result, effects } = await loginWithPassword(req.server.ctx, clientInfo(req), req.session, body.email, body.password);
    applySessionEffects(req, reply, effects);
    return result;
  },
});
