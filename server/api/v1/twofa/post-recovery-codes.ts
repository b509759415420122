import { recoveryCodesResponse, twofaCodeBody } from "../../../../common/schemas/accounts.ts";
import { regenerateRecoveryCodes } from "../../../modules/accounts/twofa-service.ts";
import { clientInfo } from "../../../lib/request-data.ts";
import { defineEndpoint } from "../../endpoint.ts";

/** POST /twofa/recovery-codes/ — ten new recovery codes (the old ones stop working). */
export const postRecoveryCodes = defineEndpoint({
  method: "POST",
  url: "/twofa/recovery-codes/",
  summary: "Regenerate the recovery codes",
  tags: ["twofa"],
  auth: "verified",
  body: twofaCodeBody,
  response: recoveryCodesResponse,
  errors: [409, 429],
  async handler({ body, req, session }) {
    if (!session) throw new Error("unreachable: auth checked");
    return { recovery_codes: await regenerateRecoveryCodes(req.server.ctx, clientInfo(req), session, body.code) };
  },
});
