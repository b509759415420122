import { z } from "zod";
import { text } from "./text.ts";

/** Reminder settings (GET/PUT /api/v1/me/reminders/), shared by the profile form and the server. */

function knownTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** "HH:MM", 24-hour clock. */
export const timeOfDaySchema = text().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "invalid_time");

/** An IANA time zone name such as Europe/Stockholm. */
export const timeZoneSchema = text().min(1, "required").max(64, "invalid").refine(knownTimeZone, "invalid");

export const reminderSettingsSchema = z.strictObject({
  /** Opt-in: e-mail reminders are off until the user turns them on. */
  enabled: z.boolean(),
  time_of_day: timeOfDaySchema,
  timezone: timeZoneSchema,
});
export type ReminderSettings = z.infer<typeof reminderSettingsSchema>;

export const DEFAULT_REMINDER_SETTINGS: ReminderSettings = {
  enabled: false,
  time_of_day: "18:00",
  timezone: "Europe/Stockholm",
};
