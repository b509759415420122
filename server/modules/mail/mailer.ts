import { randomBytes } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import addressparser from "nodemailer/lib/addressparser";
import MailComposer from "nodemailer/lib/mail-composer";
import { ensurePrivateDir, writePrivateFile } from "../../lib/private-files.ts";
import { deliverSmtp, smtpSettings, type SmtpSettings } from "./smtp-delivery.ts";

/** One e-mail: plain text and HTML, in the recipient's language. */
export interface MailMessage {
  to: string;
  /** Where replies go (the contact form's reply address). */
  replyTo?: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers, e.g. List-Unsubscribe (RFC 8058) on reminders. */
  headers?: Record<string, string>;
}

export interface DeliverOptions {
  /**
   * The Message-ID, the same on every attempt at one message: the outbox job's idempotency key
   * (a mailbox that receives one Message-ID twice shows it once).
   */
  messageId?: string;
  /**
   * Runs when the whole message is with the relay, before the final "." that makes the relay
   * take it; if it throws, the relay is cut off and nothing is delivered.
   */
  beforeHandOver?: () => Promise<void>;
}

export interface Mailer {
  /** Delivers one message; rejects with a MailDeliveryError (smtp-delivery.ts) when it could not. */
  deliver(message: MailMessage, options?: DeliverOptions): Promise<void>;
  close(): void;
}

export interface MailerOptions {
  /** smtp:// or smtps:// URL; without it every message goes to the outbox folder. */
  smtpUrl?: string;
  from: string;
  outboxDir: string;
  /** Time limits of one delivery (SMTP_CONNECT_TIMEOUT_MS, SMTP_SEND_TIMEOUT_MS). */
  connectTimeoutMs?: number;
  sendTimeoutMs?: number;
}

/** Outbox file names: `<time>-<random>`; nothing else is ever read from the folder. */
const OUTBOX_NAME = /^\d{8}T\d{9}Z-\d{6}-[0-9a-f]{8}$/;
let sequence = 0;

/** Sortable by time, then by order of sending within the process. */
function outboxName(now: Date): string {
  const stamp = now.toISOString().replace(/[-:.]/g, "");
  sequence = (sequence + 1) % 1_000_000;
  return `${stamp}-${String(sequence).padStart(6, "0")}-${randomBytes(4).toString("hex")}`;
}

/** The message as MIME (RFC 5322), built by nodemailer's composer. */
function compose(from: string, message: MailMessage, messageId: string | undefined, date: Date): Promise<Buffer> {
  const node = new MailComposer({ from, ...message, ...(messageId ? { messageId } : {}), date }).compile();
  return new Promise((resolve, reject) => node.build((error, built) => (error ? reject(error) : resolve(built))));
}

/** The bare address of a From value such as `KBT <no-reply@example.se>` (the SMTP envelope sender). */
export function envelopeAddress(from: string): string {
  const [first] = addressparser(from, { flatten: true });
  return first && "address" in first && first.address ? first.address : from;
}

/**
 * Delivers e-mail: to the SMTP relay when configured (production), with a connection of its own
 * per message and time limits (smtp-delivery.ts); otherwise each message is written to the outbox
 * folder as `.eml` (the real MIME message) plus a `.json` copy that the development outbox page
 * and the tests read.
 */
export function createMailer(options: MailerOptions): Mailer {
  const smtp: SmtpSettings | null = options.smtpUrl
    ? smtpSettings(options.smtpUrl, {
        connectTimeoutMs: options.connectTimeoutMs ?? 10_000,
        sendTimeoutMs: options.sendTimeoutMs ?? 30_000,
      })
    : null;
  const sender = envelopeAddress(options.from);
  return {
    async deliver(message, deliverOptions = {}) {
      const now = new Date();
      const raw = await compose(options.from, message, deliverOptions.messageId, now);
      const handOver = deliverOptions.beforeHandOver ?? (async () => undefined);
      if (smtp) return deliverSmtp(smtp, { from: sender, to: message.to }, raw, handOver);
      await handOver();
      await ensurePrivateDir(options.outboxDir);
      const name = outboxName(now);
      const base = path.join(options.outboxDir, name);
      await writePrivateFile(`${base}.eml`, raw);
      await writePrivateFile(
        `${base}.json`,
        JSON.stringify({ ...message, ...(deliverOptions.messageId ? { messageId: deliverOptions.messageId } : {}), date: now.toISOString() }),
      );
    },
    close() {
      // Every SMTP delivery closes its own connection; nothing is pooled.
    },
  };
}

export interface OutboxEntry {
  file: string;
  to: string;
  subject: string;
  date: string;
}

export interface OutboxMessage extends MailMessage {
  date: string;
}

/** The messages in the outbox, newest first. */
export async function listOutbox(outboxDir: string): Promise<OutboxEntry[]> {
  let names: string[];
  try {
    names = await readdir(outboxDir);
  } catch {
    return [];
  }
  const files = names
    .filter((n) => n.endsWith(".json"))
    .map((n) => n.slice(0, -".json".length))
    .filter((n) => OUTBOX_NAME.test(n))
    .sort()
    .reverse();
  const entries: OutboxEntry[] = [];
  for (const file of files) {
    const message = await readOutboxMessage(outboxDir, file);
    if (message) entries.push({ file, to: message.to, subject: message.subject, date: message.date });
  }
  return entries;
}

/** One outbox message by its name; null for unknown or malformed names (no path traversal). */
export async function readOutboxMessage(outboxDir: string, file: string): Promise<OutboxMessage | null> {
  if (!OUTBOX_NAME.test(file)) return null;
  try {
    return JSON.parse(await readFile(path.join(outboxDir, `${file}.json`), "utf8")) as OutboxMessage;
  } catch {
    return null;
  }
}
