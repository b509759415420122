import { profileResponse, profileUpdateBody } from "../../../../common/schemas/profile.ts";
import { updateProfile } from "../../../modules/profile/profile-service.ts";
import { setThemeCookie } from "../../../lib/theme-cookie.ts";
import { defineEndpoint } from "../../endpoint.ts";

/** PATCH /me/profile/ — name, language (e-mails) and colour theme (saved and set as cookie). */
export const patchMyProfile = defineEndpoint({
  method: "PATCH",
  url: "/me/profile/",
  summary: "Change my name, language or colour theme",
  tags: ["me"],
  auth: "verified",
  body: profileUpdateBody,
  response: profileResponse,
  async handler({ body, req, reply, session }) {
    if (!session) throw new Error("unreachable: auth checked");
    const profile = await updateProfile(req.server.ctx, session, body);
    if (body.theme !== undefined) setThemeCookie(req.server.ctx, reply, body.theme);
    return profile;
  },
});
