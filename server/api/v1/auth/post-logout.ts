import type { FastifyReply, FastifyRequest } from "fastify";
import { emptyResponseSchema } from "../../../../common/schemas/common.ts";
import { endSession } from "../../../modules/sessions/session-service.ts";
import { applySessionEffects } from "../../../plugins/session.ts";
import { defineEndpoint } from "../../endpoint.ts";

/**
 * Ends the session server-side, rotates the CSRF secret and asks the browser to clear its caches
 * and storage (POST /logout, and GET /logout from the site itself).
 */
export async function logOut(req: FastifyRequest, reply: FastifyReply): Promise<Record<string, never>> {
  const effects = await endSession(req.server.ctx, req.session);
  applySessionEffects(req, reply, [...effects, { kind: "rotate-csrf" }, { kind: "clear-site-data" }]);
  return {};
}

/** POST /logout — with the CSRF token, like every other state change. */
export const postLogout = defineEndpoint({
  method: "POST",
  url: "/logout",
  summary: "Log out",
  tags: ["auth"],
  auth: "public",
  response: emptyResponseSchema,
  async handler({ req, reply }) {
    return logOut(req, reply);
  },
});
