import { emptyResponseSchema } from "../../../../common/schemas/common.ts";
import { emailChangeBody } from "../../../../common/schemas/profile.ts";
import { requestEmailChange } from "../../../modules/profile/profile-service.ts";
import { clientInfo } from "../../../lib/request-data.ts";
import { defineEndpoint } from "../../endpoint.ts";

/** POST /me/email/ — sends a confirmation link to the new address; nothing changes yet. */
export const postEmailChange = defineEndpoint({
  method: "POST",
  url: "/me/email/",
  summary: "Ask to change my e-mail address",
  tags: ["me"],
  auth: "verified",
  body: emailChangeBody,
  response: emptyResponseSchema,
  status: 202,
  errors: [429],
  async handler({ body, req, session }) {
    if (!session) throw new Error("unreachable: auth checked");
    await requestEmailChange(req.server.ctx, clientInfo(req), session, body);
    return {};
  },
});
