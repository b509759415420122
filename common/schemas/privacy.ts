import { z } from "zod";
import { SUPERVISORY_AUTHORITIES } from "../privacy/settings.ts";

/**
 * GET /privacy/notice/: the facts of the privacy notice that come from configuration and from the
 * code (issue 25): the controller and its contact, the supervisory authority, the processors and
 * transfers, the statistics' thresholds, and the retention table built from the constants the
 * retention jobs use. The page's words are in the message files; the values come from here.
 */

/** Kinds of data in the retention table, in the order the page shows them. */
export const RETENTION_DATA = [
  "account",
  "visitor_screening",
  "sessions",
  "email_links",
  "audit_ip",
  "bankid_orders",
  "throttle_counters",
  "finished_jobs",
  "undelivered_email",
  "visitor_contact_messages",
  "deleted_account_entry",
  "safety_reports",
] as const;
export type RetentionData = (typeof RETENTION_DATA)[number];

export const retentionPeriodSchema = z.discriminatedUnion("kind", [
  /** Kept while the account exists; deleted with it. */
  z.strictObject({ kind: z.literal("until_account_deleted") }),
  /** Kept this long, then deleted (or, for addresses, cleared) by a scheduled job. */
  z.strictObject({ kind: z.literal("duration"), ms: z.number().int().positive() }),
  /** A session: until logout, this long without activity, and at most `absolute_ms`. */
  z.strictObject({ kind: z.literal("session"), idle_ms: z.number().int().positive(), absolute_ms: z.number().int().positive() }),
  /** Kept without anything that names a person. */
  z.strictObject({ kind: z.literal("anonymous") }),
]);
export type RetentionPeriod = z.infer<typeof retentionPeriodSchema>;

export const PROCESSOR_ROLES = ["hosting", "email"] as const;

export const privacyNoticeResponse = z.strictObject({
  /** null: not configured (only outside production, which refuses to start without them). */
  controller: z.strictObject({
    name: z.string().nullable(),
    organisation_number: z.string().nullable(),
    address: z.string().nullable(),
    contact_email: z.string().nullable(),
  }),
  supervisory_authority: z.enum(SUPERVISORY_AUTHORITIES).nullable(),
  processors: z.array(
    z.strictObject({ role: z.enum(PROCESSOR_ROLES), name: z.string().nullable(), country: z.string().nullable() }),
  ),
  /** Processor countries outside the EU/EEA, and the safeguard of the transfer. */
  transfers: z.strictObject({ countries: z.array(z.string()), safeguard: z.enum(["adequacy", "scc"]).nullable() }),
  statistics: z.strictObject({ min_group: z.number().int(), round_to: z.number().int() }),
  retention: z.array(z.strictObject({ data: z.enum(RETENTION_DATA), period: retentionPeriodSchema })),
});
export type PrivacyNotice = z.infer<typeof privacyNoticeResponse>;
