import { sql } from "drizzle-orm";
import { bigserial, index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { onboardings } from "./screening.ts";
import { users } from "./users.ts";

/** Ten single-use recovery codes per user, stored as SHA-256 hashes. */
export const recoveryCodes = pgTable(
  "recovery_codes",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [index("recovery_codes_user_id_idx").on(t.userId)],
);

/**
 * E-mailed one-time codes (registration, password reset, e-mail change): only the SHA-256 hash of
 * the 256-bit code is stored; single use; each purpose has its own lifetime.
 */
export const emailCodes = pgTable(
  "email_codes",
  {
    codeHash: text("code_hash").primaryKey(),
    purpose: text("purpose", { enum: ["register", "reset", "email_change"] }).notNull(),
    email: text("email").notNull(),
    userId: uuid("user_id").references(() => users.id, { onDelete: "cascade" }),
    locale: text("locale", { enum: ["sv", "en", "no", "da"] }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [index("email_codes_expires_at_idx").on(t.expiresAt), index("email_codes_user_id_idx").on(t.userId)],
);

/**
 * Consents given and withdrawn (GDPR art. 9): kind, version, language and time. `terms` carries
 * the terms version; `health_data` (the explicit consent, naming the statistics) and `age` (18 or
 * older confirmed) carry the consent text's version (ADR 021).
 */
export const consents = pgTable(
  "consents",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ["terms", "health_data", "age"] }).notNull(),
    version: text("version").notNull(),
    locale: text("locale", { enum: ["sv", "en", "no", "da"] }).notNull(),
    givenAt: timestamp("given_at", { withTimezone: true }).notNull(),
    withdrawnAt: timestamp("withdrawn_at", { withTimezone: true }),
  },
  (t) => [index("consents_user_id_idx").on(t.userId)],
);

/**
 * Append-only audit log: who, what, when (UTC), from where; never secrets or answers. A user's
 * entries are deleted with the account (`user_id` cascades) and a visitor's with the onboarding
 * they belong to (`onboarding_id` cascades; moved to the user when the visitor registers). The
 * one entry written at deletion (`account.deleted`) names no one. `ip` is cleared after
 * AUDIT_IP_RETENTION_DAYS (server/modules/privacy/retention.ts; docs/retention.md).
 */
export const auditLog = pgTable(
  "audit_log",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    at: timestamp("at", { withTimezone: true }).notNull(),
    userId: uuid("user_id").references(() => users.id, { onDelete: "cascade" }),
    onboardingId: uuid("onboarding_id").references(() => onboardings.id, { onDelete: "cascade" }),
    event: text("event").notNull(),
    ip: text("ip"),
    detail: jsonb("detail").$type<Record<string, string | number | boolean>>(),
  },
  (t) => [
    index("audit_log_user_id_idx").on(t.userId),
    index("audit_log_onboarding_id_idx").on(t.onboardingId),
    index("audit_log_at_idx").on(t.at),
    // The IP pruning job only looks at entries that still have an address.
    index("audit_log_ip_at_idx").on(t.at).where(sql`ip is not null`),
  ],
);

/** Throttling counters (when Redis is not configured): consecutive failures and request hits. */
export const throttleCounters = pgTable("throttle_counters", {
  key: text("key").primaryKey(),
  count: integer("count").notNull().default(0),
  windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
  lastAt: timestamp("last_at", { withTimezone: true }).notNull(),
  lockedUntil: timestamp("locked_until", { withTimezone: true }),
});
