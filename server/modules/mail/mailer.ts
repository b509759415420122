import { randomBytes } from "node:crypto";
import { mkdir, readdir, readFile, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import nodemailer, { type Transporter } from "nodemailer";

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

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

export interface MailerOptions {
  /** smtp:// or smtps:// URL; without it every message goes to the outbox folder. */
  smtpUrl?: string;
  from: string;
  outboxDir: string;
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

async function writeAtomically(file: string, content: string | Buffer): Promise<void> {
  const temporary = `${file}.${randomBytes(4).toString("hex")}.tmp`;
  await writeFile(temporary, content);
  await rename(temporary, file);
}

/**
 * Sends e-mail through nodemailer: SMTP when configured (production), otherwise each message
 * is written to the outbox folder as `.eml` (the real MIME message) plus a `.json` copy that the
 * development outbox page and the tests read.
 */
export function createMailer(options: MailerOptions): Mailer {
  const transport: Transporter = options.smtpUrl
    ? // The URL goes inside the options object so that `pool` is a transport option (one
      // reused connection), not a message default.
      nodemailer.createTransport({ url: options.smtpUrl, pool: true, maxConnections: 2 })
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    async send(message) {
      const info = (await transport.sendMail({ from: options.from, ...message })) as { message?: Buffer };
      if (options.smtpUrl) return;
      await mkdir(options.outboxDir, { recursive: true });
      const now = new Date();
      const name = outboxName(now);
      const base = path.join(options.outboxDir, name);
      await writeAtomically(`${base}.eml`, info.message ?? "");
      await writeAtomically(`${base}.json`, JSON.stringify({ ...message, date: now.toISOString() }));
    },
    close() {
      transport.close();
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
