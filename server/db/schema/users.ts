import { sql } from "drizzle-orm";
import { boolean, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

/** Accounts. Columns for authentication methods are added by the accounts and BankID features. */
export const users = pgTable("users", {
  id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
  /** Lower-cased e-mail address; null for accounts created with BankID only. */
  email: text("email").unique(),
  authType: text("auth_type", { enum: ["email", "bankid"] }).notNull(),
  locale: text("locale", { enum: ["sv", "en", "no", "da"] }).notNull().default("sv"),
  /** The name the user chose to be greeted with (profile); optional. */
  displayName: text("display_name"),
  /** The colour theme saved to the account (profile); also kept in the theme cookie. */
  theme: text("theme", { enum: ["green", "white", "black", "pink"] }),
  hasLoggedInBefore: boolean("has_logged_in_before").notNull().default(false),
  /** argon2id PHC string; null for BankID-only accounts. */
  passwordHash: text("password_hash"),
  /** TOTP secret, field-encrypted (AES-256-GCM, key id inside); set at enrolment start. */
  totpSecret: text("totp_secret"),
  /** When the authenticator was confirmed; null while 2FA is not enabled. */
  totpEnabledAt: timestamp("totp_enabled_at", { withTimezone: true }),
  /** The last accepted TOTP time step: a code is accepted only once. */
  totpLastStep: integer("totp_last_step"),
  /** The terms version the user last accepted (consents hold the history). */
  termsVersion: text("terms_version"),
  /** The consent text version (health data, statistics, 18+) the user last gave (ADR 021). */
  consentVersion: text("consent_version"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
