import { EEA_COUNTRIES } from "../../../common/privacy/settings.ts";
import type { PrivacyNotice } from "../../../common/schemas/privacy.ts";
import type { Env } from "../../env.ts";
import { CODE_TTL_MS } from "../accounts/email-codes.ts";
import { ORDER_LIFETIME_MS } from "../bankid/bankid-orders.ts";
import { FINISHED_JOB_RETENTION_DAYS } from "../jobs/job-queue.ts";
import { DEAD_LETTER_DAYS } from "../mail/outbox.ts";
import { VISITOR_DATA_DAYS } from "../screening/onboarding-service.ts";
import { MIN_GROUP, ROUND_TO } from "../screening/screening-stats.ts";
import {
  AUDIT_IP_RETENTION_DAYS,
  BANKID_ORDER_RETENTION_MS,
  THROTTLE_COUNTER_RETENTION_MS,
  VISITOR_CONTACT_RETENTION_DAYS,
} from "./retention.ts";

const DAY_MS = 86_400_000;

/**
 * The retention table of the privacy page, from the very constants the deleting code uses (the
 * retention job, the visitor clean-up, the session expiry, the job worker, the code and order
 * lifetimes), so the page cannot say something the code does not do. docs/retention.md explains
 * each rule; privacy-notice.test.ts runs the jobs at the periods stated here.
 */
export function retentionTable(env: Pick<Env, "SESSION_IDLE_MINUTES" | "SESSION_ABSOLUTE_HOURS" | "MAIL_RETRY_HOURS">): PrivacyNotice["retention"] {
  return [
    { data: "account", period: { kind: "until_account_deleted" } },
    { data: "visitor_screening", period: { kind: "duration", ms: VISITOR_DATA_DAYS * DAY_MS } },
    {
      data: "sessions",
      period: { kind: "session", idle_ms: env.SESSION_IDLE_MINUTES * 60_000, absolute_ms: env.SESSION_ABSOLUTE_HOURS * 3_600_000 },
    },
    { data: "email_links", period: { kind: "duration", ms: Math.max(...Object.values(CODE_TTL_MS)) } },
    { data: "audit_ip", period: { kind: "duration", ms: AUDIT_IP_RETENTION_DAYS * DAY_MS } },
    { data: "bankid_orders", period: { kind: "duration", ms: ORDER_LIFETIME_MS + BANKID_ORDER_RETENTION_MS } },
    { data: "throttle_counters", period: { kind: "duration", ms: THROTTLE_COUNTER_RETENTION_MS } },
    { data: "finished_jobs", period: { kind: "duration", ms: FINISHED_JOB_RETENTION_DAYS * DAY_MS } },
    // An e-mail the relay never took: retried for MAIL_RETRY_HOURS, then kept as a dead letter.
    { data: "undelivered_email", period: { kind: "duration", ms: env.MAIL_RETRY_HOURS * 3_600_000 + DEAD_LETTER_DAYS * DAY_MS } },
    { data: "visitor_contact_messages", period: { kind: "duration", ms: VISITOR_CONTACT_RETENTION_DAYS * DAY_MS } },
    { data: "deleted_account_entry", period: { kind: "anonymous" } },
    { data: "safety_reports", period: { kind: "anonymous" } },
  ];
}

/** The privacy notice's facts: the configured controller and processors, and the code's periods. */
export function privacyNotice(env: Env): PrivacyNotice {
  const processors = [
    { role: "hosting" as const, name: env.PRIVACY_HOSTING_PROCESSOR ?? null, country: env.PRIVACY_HOSTING_COUNTRY ?? null },
    { role: "email" as const, name: env.PRIVACY_EMAIL_PROCESSOR ?? null, country: env.PRIVACY_EMAIL_COUNTRY ?? null },
  ];
  const outside = [...new Set(processors.map((p) => p.country).filter((c): c is string => c !== null && !EEA_COUNTRIES.has(c)))];
  return {
    controller: {
      name: env.PRIVACY_CONTROLLER_NAME ?? null,
      organisation_number: env.PRIVACY_ORGANISATION_NUMBER ?? null,
      address: env.PRIVACY_ADDRESS ?? null,
      contact_email: env.PRIVACY_CONTACT_EMAIL ?? null,
    },
    supervisory_authority: env.PRIVACY_SUPERVISORY_AUTHORITY ?? null,
    processors,
    transfers: { countries: outside, safeguard: outside.length > 0 ? (env.PRIVACY_TRANSFER_SAFEGUARD ?? null) : null },
    statistics: { min_group: MIN_GROUP, round_to: ROUND_TO },
    retention: retentionTable(env),
  };
}
