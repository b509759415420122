import { sql } from "drizzle-orm";
import { date, index, pgTable, text, uuid } from "drizzle-orm/pg-core";

/**
 * Safety reports received through the contact page's "report a safety concern" (post-market
 * surveillance, docs/regulatory/risks.md): what kind of concern, in which language, on which day.
 * Nothing else — no user, no address, no text, no time finer than the day — so the record names
 * no one and holds no health data and can be kept for the life of the device. The text goes only
 * to SAFETY_REPORT_EMAIL and into the encrypted contact message, which is deleted with the account.
 */
export const safetyReports = pgTable(
  "safety_reports",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    category: text("category", { enum: ["crisis_info", "result", "content", "technical", "other"] }).notNull(),
    locale: text("locale", { enum: ["sv", "en", "no", "da"] }).notNull(),
    receivedOn: date("received_on", { mode: "string" }).notNull(),
  },
  (t) => [index("safety_reports_received_on_idx").on(t.receivedOn)],
);
