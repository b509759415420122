import { bigserial, boolean, index, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./users.ts";

/**
 * Our BankID orders (issue 5): any instance can answer a poll. The client knows only the opaque
 * handle; its SHA-256 hash is the key. `qr_start_secret` is field-encrypted and never leaves the
 * server; `binding_hash` ties the order to the browser that started it (an HttpOnly cookie).
 */
export const bankidOrders = pgTable(
  "bankid_orders",
  {
    handleHash: text("handle_hash").primaryKey(),
    purpose: text("purpose", { enum: ["login", "register"] }).notNull(),
    device: text("device", { enum: ["same", "other"] }).notNull(),
    orderRef: text("order_ref").notNull(),
    qrStartToken: text("qr_start_token").notNull(),
    qrStartSecret: text("qr_start_secret").notNull(),
    bindingHash: text("binding_hash").notNull(),
    status: text("status", { enum: ["pending", "failed", "complete"] }).notNull(),
    hintCode: text("hint_code"),
    locale: text("locale", { enum: ["sv", "en", "no", "da"] }).notNull(),
    /** Registration: the terms version consented to, and the visitor's onboarding token. */
    termsVersion: text("terms_version"),
    onboardingToken: text("onboarding_token"),
    /** The account the completed order logged in to (or created). */
    userId: uuid("user_id").references(() => users.id, { onDelete: "cascade" }),
    ip: text("ip"),
    /** When BankID answered the auth call: the QR code's `t` counts from here. */
    startedAt: timestamp("started_at", { withTimezone: true }).notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    /** Set once, when the session is started: a completed order logs in only once. */
    consumedAt: timestamp("consumed_at", { withTimezone: true }),
  },
  (t) => [index("bankid_orders_expires_at_idx").on(t.expiresAt)],
);

/** A BankID account's identity: personal number encrypted, found by a keyed hash (HMAC). */
export const bankidIdentities = pgTable("bankid_identities", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  personalNumberHash: text("personal_number_hash").notNull().unique(),
  personalNumber: text("personal_number").notNull(),
  name: text("name").notNull(),
  givenName: text("given_name").notNull(),
  surname: text("surname").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
});

/** Login evidence: BankID's signature and OCSP answer of every completed order. */
export const bankidEvidence = pgTable(
  "bankid_evidence",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    at: timestamp("at", { withTimezone: true }).notNull(),
    orderRef: text("order_ref").notNull(),
    signature: text("signature").notNull(),
    ocspResponse: text("ocsp_response").notNull(),
    deviceIpAddress: text("device_ip_address"),
    bankIdIssueDate: text("bank_id_issue_date"),
    stepUp: boolean("step_up"),
  },
  (t) => [index("bankid_evidence_user_id_idx").on(t.userId)],
);

/**
 * The simulator's own state (development and tests only), in the database so that an order
 * started through one instance can be scanned and collected through another.
 */
export const bankidSimOrders = pgTable(
  "bankid_sim_orders",
  {
    orderRef: text("order_ref").primaryKey(),
    kind: text("kind", { enum: ["auth", "sign"] }).notNull(),
    endUserIp: text("end_user_ip").notNull(),
    autoStartToken: text("auto_start_token").notNull().unique(),
    qrStartToken: text("qr_start_token").notNull().unique(),
    qrStartSecret: text("qr_start_secret").notNull(),
    status: text("status", { enum: ["pending", "failed", "complete"] }).notNull(),
    hintCode: text("hint_code").notNull(),
    /** Test personal numbers only (the simulator's identities). */
    personalNumber: text("personal_number"),
    requirement: jsonb("requirement").$type<Record<string, unknown>>(),
    completion: jsonb("completion").$type<Record<string, unknown>>(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("bankid_sim_orders_personal_number_idx").on(t.personalNumber)],
);
