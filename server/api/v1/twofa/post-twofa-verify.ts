import { statusResponse, twofaCodeBody } from "../../../../common/schemas/accounts.ts";
import { verifyTwofa } from "../../../modules/accounts/twofa-service.ts";
import { clientInfo } from "../../../lib/request-data.ts";
import { applySessionEffects } from "../../../plugins/session.ts";
import { defineEndpoint } from "../../endpoint.ts";

/** POST /twofa/verify/ — a TOTP or recovery code; the session becomes verified (new id). */
export const postTwofaVerify = defineEndpoint({
  method: "POST",
  url: "/twofa/verify/",
  summary: "Verify the second factor",
  tags: ["twofa"],
  auth: "user",
  body: twofaCodeBody,
  response: statusResponse,
  errors: [409, 429],
  async handler({ body, req, reply, session }) {
    if (!session) throw new Error("unreachable: auth checked");
    const { result, effects } = await verifyTwofa(req.server.ctx, clientInfo(req), session, body.code);
    applySessionEffects(req, reply, effects);
    return result;
  },
});
