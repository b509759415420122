import { sql } from "drizzle-orm";
import { boolean, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

/** Accounts. Columns for authentication methods are added by the accounts and BankID features. */
export const users = pgTable("users", {
  id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
  /** Lower-cased e-mail address; null for accounts created with BankID only. */
  email: text("email").unique(),
  authType: text("auth_type", { enum: ["email", "bankid"] }).notNull(),
  locale: text("locale", { enum: ["sv", "en", "no", "da"] }).notNull().default("sv"),
  hasLoggedInBefore: boolean("has_logged_in_before").notNull().default(false),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
