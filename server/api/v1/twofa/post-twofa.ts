import { recoveryCodesResponse, twofaCodeBody } from "../../../../common/schemas/accounts.ts";
import { enableTwofa } from "../../../modules/accounts/twofa-service.ts";
import { clientInfo } from "../../../lib/request-data.ts";
import { applySessionEffects } from "../../../plugins/session.ts";
import { defineEndpoint } from "../../endpoint.ts";

/** POST /twofa/ — confirms the authenticator; answers the ten recovery codes, once. */
export const postTwofa = defineEndpoint({
  method: "POST",
  url: "/twofa/",
  summary: "Enable two-factor authentication",
  tags: ["twofa"],
  auth: "user",
  body: twofaCodeBody,
  response: recoveryCodesResponse,
  errors: [409, 429],
  async handler({ body, req, reply, session }) {
    if (!session) throw new Error("unreachable: auth checked");
    const { result, effects } = await enableTwofa(req.server.ctx, clientInfo(req), session, body.code);
    applySessionEffects(req, reply, effects);
    return { recovery_codes: result };
  },
});
