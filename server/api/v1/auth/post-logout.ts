import { emptyResponseSchema } from "../../../../common/schemas/common.ts";
import { endSession } from "../../../modules/sessions/session-service.ts";
import { rotateCsrfSecret } from "../../../plugins/csrf.ts";
import { defineEndpoint } from "../../endpoint.ts";

/**
 * POST /logout — ends the session server-side, rotates the CSRF secret and asks the browser to
 * clear its caches and storage. Not on GET: no state change on GET (ADR 006).
 */
export const postLogout = defineEndpoint({
  method: "POST",
  url: "/logout",
  summary: "Log out",
  tags: ["auth"],
  auth: "public",
  response: emptyResponseSchema,
  async handler({ req, reply }) {
    await endSession(req.server.ctx, req, reply);
    rotateCsrfSecret(req, reply);
    reply.header("Clear-Site-Data", '"cache", "storage"');
    return {};
  },
});
