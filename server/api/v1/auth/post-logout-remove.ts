import { deleteAccountBody } from "../../../../common/schemas/accounts.ts";
import { emptyResponseSchema } from "../../../../common/schemas/common.ts";
import { deleteAccount } from "../../../modules/accounts/account-service.ts";
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
    await deleteAccount(req.server.ctx, req, reply, session, body);
    return {};
  },
});
