import { deleteAccountBody } from "../../../../common/schemas/accounts.ts";
import { emptyResponseSchema } from "../../../../common/schemas/common.ts";
import { deleteAccount } from "../../../modules/accounts/account-service.ts";
import { clientInfo } from "../../../lib/request-data.ts";
import { applySessionEffects } from "../../../plugins/session.ts";
import { defineEndpoint } from "../../endpoint.ts";

/** POST /logout/remove — deletes the account (after confirmation) and logs out. */
export const postLogoutRemove = defineEndpoint({
  method: "POST",
  url: "/logout/remove",
  summary: "Delete the account and log out",
  tags: ["accounts"],
  auth: "verified",
  body: deleteAccountBody,
  response: emptyResponseSchema,
  hashesPassword: true,
  errors: [429],
  async handler({ body, req, reply, session }) {
    if (!session) throw new Error("unreachable: auth checked");
    applySessionEffects(req, reply, await deleteAccount(req.server.ctx, clientInfo(req), session, body));
    return {};
  },
});
