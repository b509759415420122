import { reminderSettingsSchema } from "../../../../common/schemas/reminders.ts";
import { putReminderSettings } from "../../../modules/reminders/reminder-service.ts";
import { defineEndpoint } from "../../endpoint.ts";

/** PUT /me/reminders/ — opt in or out of e-mail reminders, with the time of day and time zone. */
export const putReminders = defineEndpoint({
  method: "PUT",
  url: "/me/reminders/",
  summary: "Change the current user's e-mail reminder settings",
  tags: ["me"],
  auth: "verified",
  body: reminderSettingsSchema,
  response: reminderSettingsSchema,
  async handler({ body, req, session }) {
    if (!session) throw new Error("unreachable: auth checked");
    return putReminderSettings(req.server.ctx, session.userId, body);
  },
});
