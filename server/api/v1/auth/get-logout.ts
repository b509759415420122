import { emptyResponseSchema } from "../../../../common/schemas/common.ts";
import { verifySameOrigin } from "../../../plugins/csrf.ts";
import { defineEndpoint } from "../../endpoint.ts";
import { logOut } from "./post-logout.ts";

/**
 * GET /logout — as spec §7 lists it, for a request from the site itself (fetch metadata, Origin or
 * Referer); a cross-site request is refused with 403 before anything changes (ADR 006).
 */
export const getLogout = defineEndpoint({
  method: "GET",
  url: "/logout",
  summary: "Log out (same-origin requests only)",
  tags: ["auth"],
  auth: "public",
  // Its handler sets cookies or headers on the reply: server renders call it over HTTP.
  inProcess: false,
  response: emptyResponseSchema,
  errors: [403],
  async handler({ req, reply }) {
    verifySameOrigin(req);
    return logOut(req, reply);
  },
});
