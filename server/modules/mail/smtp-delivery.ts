import { Readable } from "node:stream";
import SMTPConnection from "nodemailer/lib/smtp-connection";

/**
 * One message to an SMTP relay over a connection of its own, with time limits on every step and
 * a hand-over hook: the whole message goes to the relay but the final "." that asks it to take the
 * message waits until `beforeHandOver` has resolved (the outbox records the attempt there). Until
 * that dot, a relay that is cut off delivers nothing (RFC 5321 §4.1.1.4), so a later retry is
 * safe; after it, only the relay's answer tells, and a lost answer means "unknown".
 */

export interface SmtpSettings {
  host: string;
  port: number;
  /** Implicit TLS (smtps://); plain smtp:// upgrades with STARTTLS when the relay offers it. */
  secure: boolean;
  auth?: { user: string; pass: string };
  /** Connecting, the greeting and TLS: at most this long. */
  connectTimeoutMs: number;
  /** Silence from the relay after that, per step, and the whole delivery beyond connecting. */
  sendTimeoutMs: number;
}

/** What became of a delivery that did not end in the relay's 250. */
export type DeliveryOutcome = "not_delivered" | "unknown";

/**
 * A failed delivery, described without the message or the relay's words (a relay's answer may
 * quote the address): the SMTP step, the response code and the error code only.
 */
export class MailDeliveryError extends Error {
  readonly outcome: DeliveryOutcome;
  /** The relay refused for good (5xx): another attempt would be refused too. */
  readonly permanent: boolean;
  readonly responseCode: number | null;
  constructor(outcome: DeliveryOutcome, permanent: boolean, detail: { code?: string; command?: string; responseCode?: number }) {
    const parts = [detail.command, detail.responseCode, detail.code].filter((p) => p !== undefined && p !== "");
    super(`${outcome === "unknown" ? "outcome unknown" : "not delivered"}: smtp ${parts.join(" ")}`.trim());
    this.name = "MailDeliveryError";
    this.outcome = outcome;
    this.permanent = permanent;
    this.responseCode = detail.responseCode ?? null;
  }
}

/** Settings from an smtp:// or smtps:// URL (user and password URL-encoded in it). */
export function smtpSettings(url: string, timeouts: { connectTimeoutMs: number; sendTimeoutMs: number }): SmtpSettings {
  const parsed = new URL(url);
  const secure = parsed.protocol === "smtps:";
  const user = decodeURIComponent(parsed.username);
  return {
    host: parsed.hostname.replace(/^\[|\]$/g, ""),
    port: parsed.port ? Number(parsed.port) : secure ? 465 : 587,
    secure,
    ...(user ? { auth: { user, pass: decodeURIComponent(parsed.password) } } : {}),
    ...timeouts,
  };
}

interface NodemailerError {
  code?: string;
  command?: string;
  responseCode?: number;
}

/** Classifies an error of the SMTP exchange by whether the final dot had been sent. */
export function classify(error: unknown, handedOver: boolean): MailDeliveryError {
  if (error instanceof MailDeliveryError) return error;
  const e = (error ?? {}) as NodemailerError;
  const detail = {
    ...(e.code ? { code: e.code } : {}),
    ...(e.command ? { command: e.command } : {}),
    ...(typeof e.responseCode === "number" ? { responseCode: e.responseCode } : {}),
  };
  const answered = typeof e.responseCode === "number";
  // A relay that answered the message with an error did not take it; one that said nothing
  // after the dot may have.
  if (handedOver && !answered) return new MailDeliveryError("unknown", false, detail);
  const permanent = answered && (e.responseCode ?? 0) >= 500 && e.code !== "EAUTH";
  return new MailDeliveryError("not_delivered", permanent, detail);
}

export interface Envelope {
  from: string;
  to: string;
}

/** Sends `raw` (a complete MIME message) to the relay; resolves on its 250. */
export function deliverSmtp(
  settings: SmtpSettings,
  envelope: Envelope,
  raw: Buffer,
  beforeHandOver: () => Promise<void>,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const connection = new SMTPConnection({
      host: settings.host,
      port: settings.port,
      secure: settings.secure,
      connectionTimeout: settings.connectTimeoutMs,
      greetingTimeout: settings.connectTimeoutMs,
      dnsTimeout: settings.connectTimeoutMs,
      socketTimeout: settings.sendTimeoutMs,
    });
    let handedOver = false;
    let settled = false;
    const finish = (error?: unknown) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      if (error) {
        connection.close();
        reject(classify(error, handedOver));
      } else {
        connection.quit();
        resolve();
      }
    };
    // The whole exchange has a limit too: a relay that trickles bytes never trips the socket timeout.
    const deadline = setTimeout(
      () => finish(Object.assign(new Error("time limit"), { code: "ETIMEDOUT", command: "DEADLINE" })),
      settings.connectTimeoutMs + settings.sendTimeoutMs,
    );
    let pushed = false;
    let waiting = false;
    const message = new Readable({
      read() {
        if (!pushed) {
          pushed = true;
          this.push(raw);
          return;
        }
        if (waiting) return;
        waiting = true;
        // Everything but the dot is with the relay (the stream is piped only after DATA's 354).
        beforeHandOver().then(
          () => {
            handedOver = true;
            this.push(null);
          },
          (error: unknown) => this.destroy(error instanceof Error ? error : new Error(String(error))),
        );
      },
    });
    connection.on("error", (error) => finish(error));
    connection.connect((error) => {
      if (error) return finish(error);
      const send = () =>
        connection.send({ from: envelope.from, to: [envelope.to] }, message, (sendError) => finish(sendError ?? undefined));
      if (!settings.auth) return send();
      connection.login(settings.auth, (loginError) => (loginError ? finish(loginError) : send()));
    });
  });
}
