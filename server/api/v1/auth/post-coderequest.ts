import { codeRequestBody } from "../../../../common/schemas/accounts.ts";
import { emptyResponseSchema } from "../../../../common/schemas/common.ts";
import { resendRegistration } from "../../../modules/accounts/account-service.ts";
import { clientInfo } from "../../../lib/request-data.ts";
import { defineEndpoint } from "../../endpoint.ts";

/** POST /coderequest — sends the registration e-mail again (throttled); always 202. */
export const postCodeRequest = defineEndpoint({
  method: "POST",
  url: "/coderequest",
  summary: "Send the registration e-mail again",
  tags: ["accounts"],
  auth: "public",
  body: codeRequestBody,
  response: emptyResponseSchema,
  status: 202,
  errors: [429],
  async handler({ body, req, locale }) {
    await resendRegistration(req.server.ctx, clientInfo(req), body.email, locale);
    return {};
  },
});
