import { sql } from "drizzle-orm";
import { index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./users.ts";

/**
 * Messages sent through the contact page. Subject and message are field-encrypted (people may
 * write about their health); a visitor's message has no user. Deleted with the account.
 */
export const contactMessages = pgTable(
  "contact_messages",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid("user_id").references(() => users.id, { onDelete: "cascade" }),
    /** The address to reply to, when one was given. */
    replyEmail: text("reply_email"),
    /** `{subject, message}` as JSON, field-encrypted. */
    content: text("content").notNull(),
    locale: text("locale", { enum: ["sv", "en", "no", "da"] }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("contact_messages_user_id_idx").on(t.userId)],
);
