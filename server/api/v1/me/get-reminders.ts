import { reminderSettingsSchema } from "../../../../common/schemas/reminders.ts";
import { getReminderSettings } from "../../../modules/reminders/reminder-service.ts";
import { defineEndpoint } from "../../endpoint.ts";

/** GET /me/reminders/ — the user's e-mail reminder settings (off until opted in). */
export const getReminders = defineEndpoint({
  method: "GET",
  url: "/me/reminders/",
  summary: "The current user's e-mail reminder settings",
  tags: ["me"],
  auth: "verified",
  response: reminderSettingsSchema,
  async handler({ req, session }) {
    if (!session) throw new Error("unreachable: auth checked");
    return getReminderSettings(req.server.ctx, session.userId);
  },
});
