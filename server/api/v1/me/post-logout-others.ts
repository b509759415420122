import { logoutOthersResponse } from "../../../../common/schemas/profile.ts";
import { logoutOtherSessions } from "../../../modules/profile/profile-service.ts";
import { clientInfo } from "../../../lib/request-data.ts";
import { defineEndpoint } from "../../endpoint.ts";

/** POST /me/sessions/logout-others/ — ends every session of the account but this one. */
export const postLogoutOthers = defineEndpoint({
  method: "POST",
  url: "/me/sessions/logout-others/",
  summary: "Log out my other sessions",
  tags: ["me"],
  auth: "verified",
  response: logoutOthersResponse,
  async handler({ req, session }) {
    if (!session) throw new Error("unreachable: auth checked");
    return { ended: await logoutOtherSessions(req.server.ctx, clientInfo(req), session) };
  },
});
