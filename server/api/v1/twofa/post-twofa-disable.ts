import { statusResponse, twofaDisableBody } from "../../../../common/schemas/accounts.ts";
import { verifyOwnPassword } from "../../../modules/accounts/password-service.ts";
import { disableTwofa } from "../../../modules/accounts/twofa-service.ts";
import { AppError } from "../../../lib/app-error.ts";
import { clientInfo } from "../../../lib/request-data.ts";
import { applySessionEffects } from "../../../plugins/session.ts";
import { defineEndpoint } from "../../endpoint.ts";

/** POST /twofa/disable/ — removes the authenticator; a password account must set up a new one. */
export const postTwofaDisable = defineEndpoint({
  method: "POST",
  url: "/twofa/disable/",
  summary: "Remove the authenticator",
  tags: ["twofa"],
  auth: "verified",
  body: twofaDisableBody,
  response: statusResponse,
  hashesPassword: true,
  errors: [409, 429],
  async handler({ body, req, reply, session }) {
    if (!session) throw new Error("unreachable: auth checked");
    const ctx = req.server.ctx;
    const client = clientInfo(req);
    const { result, effects } = await disableTwofa(ctx, client, session, body, async (user) => {
      if (!user.passwordHash) throw new AppError("request.invalid", { fields: { "body.password": "password.none" } });
      await verifyOwnPassword(ctx, client, user.id, user.passwordHash, body.password, "body.password");
    });
    applySessionEffects(req, reply, effects);
    return result;
  },
});
