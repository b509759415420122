import { userStatusSchema } from "../../../../common/schemas/me.ts";
import { userStatus } from "../../../modules/users/user-status.ts";
import { defineEndpoint } from "../../endpoint.ts";

/** GET /me/ — §3 user status; a visitor's status when not logged in. */
export const getMe = defineEndpoint({
  method: "GET",
  url: "/me/",
  summary: "The current user's status",
  tags: ["me"],
  auth: "public",
  response: userStatusSchema,
  async handler({ session }) {
    return userStatus(session);
  },
});
