import { profileResponse } from "../../../../common/schemas/profile.ts";
import { getProfile } from "../../../modules/profile/profile-service.ts";
import { defineEndpoint } from "../../endpoint.ts";

/** GET /me/profile/ — the profile screen: account, preferences, 2FA, consents, live sessions. */
export const getMyProfile = defineEndpoint({
  method: "GET",
  url: "/me/profile/",
  summary: "My profile",
  tags: ["me"],
  auth: "verified",
  response: profileResponse,
  async handler({ req, session }) {
    if (!session) throw new Error("unreachable: auth checked");
    return getProfile(req.server.ctx, session);
  },
});
