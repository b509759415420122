import { randomBytes } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { EEA_COUNTRIES, PRIVACY_SETTINGS, SUPERVISORY_AUTHORITIES } from "../common/privacy/settings.ts";
import { ensurePrivateDirSync } from "./lib/private-files.ts";

/**
 * One schema for all configuration. Start-up fails listing every bad field; secrets are never
 * printed. Development defaults work with no configuration at all; production refuses them.
 */

const boolish = z
  .enum(["true", "false", "1", "0", "yes", "no"])
  .transform((v) => v === "true" || v === "1" || v === "yes");

const originList = z
  .string()
  .transform((v) =>
    v
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean),
  )
  .pipe(z.array(z.url()));

const baseSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default("localhost"),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must be a postgres:// URL")
    .optional(),
  /** At least 2: migrate() holds one connection for its lock while the migrator runs on another. */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(2).max(200).default(10),
  /** PostgreSQL: time limit for opening a connection (a pool that cannot connect answers in this time). */
  DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(5_000),
  /**
   * PostgreSQL: time limit of one statement (the server cancels it), and of a transaction left idle;
   * the client gives up on an answer 2 s after it (a server that went silent).
   */
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(15_000),
  /** Secret for HMACs (sessions, CSRF masking is key-less, lookup hashes). At least 32 characters. */
  SECRET_KEY: z.string().min(32, "must be at least 32 characters").optional(),
  /**
   * Field-encryption keys: comma-separated `id:base64key` pairs (32-byte keys); the first one
   * encrypts, all of them decrypt (rotation).
   */
  FIELD_ENCRYPTION_KEYS: z
    .string()
    .regex(/^[a-z0-9_-]{1,16}:[A-Za-z0-9+/=]{43,44}(,[a-z0-9_-]{1,16}:[A-Za-z0-9+/=]{43,44})*$/, {
      message: "must be id:base64-32-byte-key pairs separated by commas",
    })
    .optional(),
  /** The public origin of the site, e.g. https://kbt.example.se (trusted for CSRF). */
  PUBLIC_ORIGIN: z.url().optional(),
  /** Extra trusted origins for the CSRF Origin check. */
  CSRF_TRUSTED_ORIGINS: originList.default([]),
  /** Trust X-Forwarded-* from this many proxies (or true / a list of addresses). */
  TRUST_PROXY: z.string().default("false"),
  SESSION_IDLE_MINUTES: z.coerce.number().int().min(1).default(30),
  SESSION_ABSOLUTE_HOURS: z.coerce.number().int().min(1).default(12),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, "must be an smtp:// or smtps:// URL")
    .optional(),
  MAIL_FROM: z.string().min(3).default("KBT självhjälp <no-reply@localhost>"),
  /** Time limit for reaching the SMTP relay (connection, greeting, TLS), in milliseconds. */
  SMTP_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  /** Time limit for the relay's answer to each step of sending, and for the rest of a delivery. */
  SMTP_SEND_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),
  /** How long an undelivered e-mail is retried (exponential backoff) before it becomes a dead letter. */
  MAIL_RETRY_HOURS: z.coerce.number().int().min(24).max(24 * 14).default(24),
  /** Where contact-form messages are e-mailed. */
  SUPPORT_EMAIL: z
    .string()
    .regex(/^[^\s@]+@[^\s@]+$/, "must be an e-mail address")
    .default("support@localhost"),
  /** Where "report a safety concern" messages go (the post-market safety route, docs/regulatory/risks.md). */
  SAFETY_REPORT_EMAIL: z
    .string()
    .regex(/^[^\s@]+@[^\s@]+$/, "must be an e-mail address")
    .optional(),
  /*
   * The privacy notice (GDPR art. 13, docs/privacy/): who the controller is, how to reach its
   * data-protection contact, which authority supervises it and who processes data on its behalf.
   * Rendered into the privacy page in every language; production refuses to start without them.
   */
  /** The controller's legal name, e.g. "KBT Självhjälp AB". */
  PRIVACY_CONTROLLER_NAME: z.string().trim().min(2).max(200).optional(),
  /** The controller's organisation number (Swedish organisationsnummer, Norwegian or Danish CVR). */
  PRIVACY_ORGANISATION_NUMBER: z.string().trim().min(2).max(40).optional(),
  /** The controller's postal address, on one line. */
  PRIVACY_ADDRESS: z.string().trim().min(5).max(300).optional(),
  /** The data-protection contact (the data protection officer, where one is appointed). */
  PRIVACY_CONTACT_EMAIL: z
    .string()
    .regex(/^[^\s@]+@[^\s@]+$/, "must be an e-mail address")
    .optional(),
  /** The lead supervisory authority: imy (Sweden), datatilsynet-no (Norway) or datatilsynet-dk (Denmark). */
  PRIVACY_SUPERVISORY_AUTHORITY: z.enum(SUPERVISORY_AUTHORITIES).optional(),
  /** Processors (GDPR art. 28): the hosting provider and the e-mail provider, each with its country (ISO 3166 alpha-2). */
  PRIVACY_HOSTING_PROCESSOR: z.string().trim().min(2).max(200).optional(),
  PRIVACY_HOSTING_COUNTRY: z.string().regex(/^[A-Z]{2}$/, "must be a two-letter country code such as SE").optional(),
  PRIVACY_EMAIL_PROCESSOR: z.string().trim().min(2).max(200).optional(),
  PRIVACY_EMAIL_COUNTRY: z.string().regex(/^[A-Z]{2}$/, "must be a two-letter country code such as SE").optional(),
  /** The safeguard of a transfer outside the EU/EEA (art. 45 adequacy or art. 46 standard contractual clauses). */
  PRIVACY_TRANSFER_SAFEGUARD: z.enum(["adequacy", "scc"]).optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, "must be a redis:// URL")
    .optional(),
  /** Prefix of the throttling keys in Redis (one Redis shared by several deployments). */
  REDIS_KEY_PREFIX: z.string().min(1).max(100).default("throttle:"),
  /** A Redis command without an answer in this time fails, and the database counts instead. */
  REDIS_COMMAND_TIMEOUT_MS: z.coerce.number().int().min(20).max(10_000).default(300),
  /** While Redis is away, how often it is tried again (it is used again at the first answer). */
  REDIS_RECHECK_MS: z.coerce.number().int().min(50).max(60_000).default(1_000),
  /** Consecutive failed attempts on one account before it locks, and for how long (security baseline). */
  THROTTLE_LOCK_AFTER: z.coerce.number().int().min(3).default(100),
  THROTTLE_LOCK_MINUTES: z.coerce.number().int().min(1).default(60),
  /** Visitor onboardings, and visitor screening submissions, per client address an hour (ADR 015). */
  VISITOR_ONBOARDINGS_PER_HOUR: z.coerce.number().int().min(1).default(20),
  /** Password-hashing requests in flight per client address, per instance (429 beyond). */
  HASHING_PER_SOURCE: z.coerce.number().int().min(1).default(8),
  VISITOR_SCREENINGS_PER_HOUR: z.coerce.number().int().min(1).default(60),
  /** Length of a "day" in course pauses, in seconds; development may shorten pauses (default 86400). */
  COURSE_DAY_SECONDS: z.coerce.number().int().min(1).max(86_400).default(86_400),
  /** The content folder (courses, pages, worksheets, featured.yaml, media/); tests point it at fixtures. */
  CONTENT_DIR: z.string().min(1).default("content"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** Site-verification key served at /vfkey (404 when unset). */
  VFKEY: z.string().optional(),
  /** Serve the development pages (/test, /dev/*). Defaults to on outside production. */
  DEV_PAGES: boolish.optional(),
  SECURE_COOKIES: boolish.optional(),
  /**
   * `__Host-` cookie names (`__Host-sessionid`, `__Host-csrftoken`): Secure, Path=/, no Domain,
   * so a sibling subdomain cannot set or shadow them. Defaults to on in production with secure
   * cookies; elsewhere the Django names stay (ADR 017).
   */
  HOST_COOKIES: boolish.optional(),
  /** Run the background job worker (reminders) in this process; every instance may run one. */
  JOB_WORKER: boolish.default(true),
  /** Seconds between job-queue polls (and reminder planning passes). */
  JOB_POLL_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  /** Megabytes of visitors' rendered pages kept in memory (server/lib/render-cache.ts); 0 turns it off. */
  RENDER_CACHE_MB: z.coerce.number().int().min(0).max(1024).default(16),
  /** How pages are rendered (ADR 028): whole in one pass, or always with React's streaming renderer. */
  SSR_RENDERER: z.enum(["string", "stream"]).default("string"),
  /** Serve GET /metrics (Prometheus text format). */
  METRICS_ENABLED: boolish.default(false),
  /** Bearer token for /metrics; required in production when metrics are on. */
  METRICS_TOKEN: z.string().min(32, "must be at least 32 characters").optional(),
  /** Benchmark only: serve a file of BENCH_STATIC_DIR at /__bench/static/<name> (npm run bench). */
  BENCH_STATIC_DIR: z.string().min(1).optional(),
  /**
   * BankID: `simulator` (the built-in RP API v6 simulator on loopback, the default outside
   * production and refused in production) or `live` (BankID's service, mutual TLS).
   */
  BANKID_MODE: z.enum(["simulator", "live"]).optional(),
  /** RP API base URL (live): https://appapi2.test.bankid.com/rp/v6.0 or https://appapi2.bankid.com/rp/v6.0. */
  BANKID_BASE_URL: z.url().optional(),
  /** The relying party's PKCS#12 certificate file, its passphrase, and BankID's CA certificate (PEM). */
  BANKID_PFX_PATH: z.string().min(1).optional(),
  BANKID_PFX_PASSPHRASE: z.string().optional(),
  BANKID_CA_PATH: z.string().min(1).optional(),
  /** Time limit of one RP API call, in milliseconds. */
  BANKID_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  /** Loopback port of the simulator (0 picks a free one). */
  BANKID_SIMULATOR_PORT: z.coerce.number().int().min(0).max(65535).default(0),
});

export type RawEnv = z.infer<typeof baseSchema>;

export interface Env extends Omit<
  RawEnv,
  "SECRET_KEY" | "FIELD_ENCRYPTION_KEYS" | "DEV_PAGES" | "BANKID_MODE" | "HOST_COOKIES" | "SAFETY_REPORT_EMAIL"
> {
  SAFETY_REPORT_EMAIL: string;
  HOST_COOKIES: boolean;
  BANKID_MODE: "simulator" | "live";
  SECRET_KEY: string;
  FIELD_ENCRYPTION_KEYS: string;
  DEV_PAGES: boolean;
  SECURE_COOKIES: boolean;
  isProduction: boolean;
  dataDir: string;
}

/** Settings that production must set explicitly. */
const REQUIRED_IN_PRODUCTION = [
  "SECRET_KEY",
  "FIELD_ENCRYPTION_KEYS",
  "DATABASE_URL",
  "SMTP_URL",
  "PUBLIC_ORIGIN",
] as const;

/** Settings the live BankID service needs (mutual TLS). */
const BANKID_LIVE_SETTINGS = [
  "BANKID_BASE_URL",
  "BANKID_PFX_PATH",
  "BANKID_PFX_PASSPHRASE",
  "BANKID_CA_PATH",
] as const;

/** Names whose values must never be printed. */
export const SECRET_NAMES = new Set([
  "SECRET_KEY",
  "FIELD_ENCRYPTION_KEYS",
  "DATABASE_URL",
  "SMTP_URL",
  "REDIS_URL",
  "VFKEY",
  "METRICS_TOKEN",
  "BANKID_PFX_PASSPHRASE",
]);

export class EnvError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "EnvError";
    this.problems = problems;
  }
}

interface DevSecrets {
  SECRET_KEY: string;
  FIELD_ENCRYPTION_KEYS: string;
}

/** Development secrets are generated once and kept under DATA_DIR so sessions survive restarts. */
function loadOrCreateDevSecrets(dataDir: string): DevSecrets {
  const file = path.join(dataDir, "dev-secrets.json");
  if (existsSync(file)) {
    const parsed = z
      .object({ SECRET_KEY: z.string().min(32), FIELD_ENCRYPTION_KEYS: z.string().min(10) })
      .safeParse(JSON.parse(readFileSync(file, "utf8")));
    if (parsed.success) return parsed.data;
  }
  const secrets: DevSecrets = {
    SECRET_KEY: randomBytes(48).toString("base64url"),
    FIELD_ENCRYPTION_KEYS: `dev1:${randomBytes(32).toString("base64")}`,
  };
  ensurePrivateDirSync(dataDir);
  writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  return secrets;
}

/**
 * What the production privacy notice lacks: each PRIVACY_ setting (the page would otherwise not
 * name the controller, its contact, the authority or the processors), and the safeguard when a
 * processor is outside the EU/EEA.
 */
function privacyProblems(raw: RawEnv): string[] {
  const problems = PRIVACY_SETTINGS.filter((name) => !raw[name]).map(
    (name) => `${name}: required when NODE_ENV=production (the privacy notice)`,
  );
  const outside = [raw.PRIVACY_HOSTING_COUNTRY, raw.PRIVACY_EMAIL_COUNTRY].filter(
    (country): country is string => !!country && !EEA_COUNTRIES.has(country),
  );
  if (outside.length > 0 && !raw.PRIVACY_TRANSFER_SAFEGUARD) {
    problems.push(`PRIVACY_TRANSFER_SAFEGUARD: required when a processor is outside the EU/EEA (${outside.join(", ")})`);
  }
  return problems;
}

export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const result = baseSchema.safeParse(source);
  if (!result.success) {
    throw new EnvError(
      result.error.issues.map((i) => `${i.path.join(".") || "(root)"}: ${i.message}`),
    );
  }
  const raw = result.data;
  const isProduction = raw.NODE_ENV === "production";
  const bankidMode = raw.BANKID_MODE ?? (isProduction ? "live" : "simulator");
  const problems: string[] = [];
  if (isProduction) {
    const missing = REQUIRED_IN_PRODUCTION.filter((name) => !raw[name]);
    problems.push(...missing.map((name) => `${name}: required when NODE_ENV=production`));
    if (raw.DEV_PAGES === true) problems.push("DEV_PAGES: must not be enabled in production");
    if (raw.METRICS_ENABLED && !raw.METRICS_TOKEN)
      problems.push("METRICS_TOKEN: required when METRICS_ENABLED=true in production");
    if (bankidMode === "simulator")
      problems.push("BANKID_MODE: the simulator is refused when NODE_ENV=production");
    if (!raw.SAFETY_REPORT_EMAIL) problems.push("SAFETY_REPORT_EMAIL: required when NODE_ENV=production (safety reports)");
    problems.push(...privacyProblems(raw));
  }
  if (bankidMode === "live") {
    const missing = BANKID_LIVE_SETTINGS.filter((name) => raw[name] === undefined);
    problems.push(...missing.map((name) => `${name}: required when BANKID_MODE=live`));
    if (raw.BANKID_BASE_URL && !raw.BANKID_BASE_URL.startsWith("https://")) {
      problems.push("BANKID_BASE_URL: must be https:// (mutual TLS) when BANKID_MODE=live");
    }
  }
  const secureCookies = raw.SECURE_COOKIES ?? isProduction;
  if (raw.HOST_COOKIES === true && !secureCookies) {
    problems.push("HOST_COOKIES: __Host- cookies must be Secure (SECURE_COOKIES=false)");
  }
  if (problems.length > 0) throw new EnvError(problems);
  const dataDir = path.resolve(raw.DATA_DIR);
  const secrets =
    raw.SECRET_KEY && raw.FIELD_ENCRYPTION_KEYS
      ? { SECRET_KEY: raw.SECRET_KEY, FIELD_ENCRYPTION_KEYS: raw.FIELD_ENCRYPTION_KEYS }
      : loadOrCreateDevSecrets(dataDir);
  return {
    ...raw,
    SECRET_KEY: raw.SECRET_KEY ?? secrets.SECRET_KEY,
    FIELD_ENCRYPTION_KEYS: raw.FIELD_ENCRYPTION_KEYS ?? secrets.FIELD_ENCRYPTION_KEYS,
    DEV_PAGES: raw.DEV_PAGES ?? !isProduction,
    SAFETY_REPORT_EMAIL: raw.SAFETY_REPORT_EMAIL ?? "safety@localhost",
    BANKID_MODE: bankidMode,
    SECURE_COOKIES: secureCookies,
    HOST_COOKIES: raw.HOST_COOKIES ?? (isProduction && secureCookies),
    isProduction,
    dataDir,
  };
}

/** A printable copy of the configuration with every secret replaced by `<redacted>`. */
export function redactEnv(env: Env): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(env).map(([k, v]) => [k, SECRET_NAMES.has(k) && v ? "<redacted>" : v]),
  );
}

/**
 * Turns TRUST_PROXY into what Fastify's `trustProxy` option takes: true/false, a hop count, or
 * a comma-separated list of proxy addresses.
 */
export function trustProxySetting(
  value: string,
): boolean | string | ((address: string, hop: number) => boolean) {
  if (value === "true") return true;
  if (value === "false" || value === "") return false;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return (_address, hop) => hop < hops;
  }
  return value;
}
