import { deleteAccountBody } from "../../../../common/schemas/accounts.ts";
import { emptyResponseSchema } from "../../../../common/schemas/common.ts";
import { deleteAccount } from "../../../modules/accounts/account-service.ts";
import { clientInfo } from "../../../lib/request-data.ts";
import { applySessionEffects } from "../../../plugins/session.ts";
import { defineEndpoint } from "../../endpoint.ts";

/** DELETE /me/ — DeleteUserDialog: removes every row about the user after confirmation. */
export const deleteMe = defineEndpoint({
  method: "DELETE",
  url: "/me/",
  summary: "Delete my account",
  tags: ["me"],
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
