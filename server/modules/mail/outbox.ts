import { randomUUID } from "node:crypto";
import type { AppContext } from "../../app-context.ts";
import type { DbOrTx } from "../../db/client.ts";
import { enqueue, markHandedOver, PermanentJobError, type RetryPolicy } from "../jobs/job-queue.ts";
import { createWorker, type JobHandler, type Worker, type WorkerOptions } from "../jobs/worker.ts";
import { envelopeAddress, type MailMessage } from "./mailer.ts";
import { MailDeliveryError } from "./smtp-delivery.ts";

/**
 * The durable outbox (docs/decisions/020-degrade-dont-fail.md): every e-mail is a `mail` job,
 * written in the same transaction as the code or token it carries, and sent by the job worker.
 * The request that asked for it answers as soon as the job is stored. The message is sealed with
 * the field-encryption key (it holds an address and often a link that logs in), and a sent mail's
 * job keeps nothing of it.
 */

export const MAIL_JOB = "mail";

/** First wait after a failed delivery; each further failure doubles it, up to MAX_DELAY_MS. */
export const FIRST_DELAY_MS = 30_000;
export const MAX_DELAY_MS = 30 * 60_000;
/** Dead letters of mail are deleted this long after they failed. */
export const DEAD_LETTER_DAYS = 30;

export interface QueueOptions {
  /** The account the mail is about: deleting the account deletes its unsent mail. */
  userId?: string | null;
  /**
   * One mail per key, ever (a producer that runs twice queues one mail); defaults to a fresh one.
   * Never derived from the address or the content.
   */
  idempotencyKey?: string;
  /** A mail whose link expires is not sent after it (it would only disappoint). */
  expiresAt?: Date;
}

interface Sealed {
  message: MailMessage;
  messageId: string;
}

function aad(dedupeKey: string): string {
  return `jobs.payload:${dedupeKey}`;
}

/**
 * Stores one e-mail for delivery, in `db` (the caller's transaction, so the mail exists exactly
 * when the code it carries does). Outside a transaction the local worker is woken at once; inside
 * one, the caller wakes it after the commit (`ctx.wakeWorker()`).
 */
export async function queueMail(ctx: AppContext, db: DbOrTx, message: MailMessage, options: QueueOptions = {}): Promise<void> {
  const id = options.idempotencyKey ?? randomUUID();
  const dedupeKey = `mail:${id}`;
  const domain = envelopeAddress(ctx.env.MAIL_FROM).split("@")[1] ?? "localhost";
  const sealed: Sealed = { message, messageId: `<${randomUUID()}@${domain}>` };
  await enqueue(db, {
    kind: MAIL_JOB,
    dedupeKey,
    runAt: ctx.clock.now(),
    createdAt: ctx.clock.now(),
    userId: options.userId ?? null,
    payload: {
      sealed: ctx.cipher.encrypt(JSON.stringify(sealed), aad(dedupeKey)),
      ...(options.expiresAt ? { expiresAt: options.expiresAt.toISOString() } : {}),
    },
  });
  ctx.queuedMail?.add(dedupeKey);
  if (db === ctx.db) ctx.wakeWorker();
}

/**
 * Exponential backoff from 30 s doubling up to 30 min (with up to a fifth more at random, so
 * instances do not retry in step), for MAIL_RETRY_HOURS after the mail was queued; then a dead letter.
 */
export function mailRetry(retryHours: number, random: () => number = Math.random): RetryPolicy {
  return (job, now) => {
    if (now.getTime() - job.createdAt.getTime() >= retryHours * 3_600_000) return null;
    const delay = Math.min(FIRST_DELAY_MS * 2 ** Math.min(job.attempts - 1, 20), MAX_DELAY_MS);
    return new Date(now.getTime() + Math.round(delay * (1 + random() / 5)));
  };
}

/** The job handler: delivers one mail at most once (see deliverSmtp for the hand-over). */
export const deliverMailJob: JobHandler = async (ctx, job) => {
  if (job.handedOverAt) {
    // An earlier attempt handed the message over and stopped before the relay's answer was
    // recorded: it may have been delivered. Sending again could send it twice.
    throw new PermanentJobError("outcome unknown: an earlier attempt was cut off after handing the message over");
  }
  const payload = job.payload as { sealed?: unknown; expiresAt?: unknown };
  if (typeof payload.sealed !== "string") throw new PermanentJobError("no message in the job");
  if (typeof payload.expiresAt === "string" && new Date(payload.expiresAt) <= ctx.clock.now()) {
    throw new PermanentJobError("expired before it could be delivered");
  }
  const { message, messageId } = JSON.parse(ctx.cipher.decrypt(payload.sealed, aad(job.dedupeKey))) as Sealed;
  try {
    await ctx.mailer.deliver(message, {
      messageId,
      beforeHandOver: async () => {
        if (!(await markHandedOver(ctx.db, job, ctx.clock.now()))) throw new Error("the job's lease passed to another worker");
      },
    });
  } catch (error) {
    // The relay did not answer or refused for the time being: /readyz and /metrics say so.
    if (error instanceof MailDeliveryError && !error.permanent && error.outcome === "not_delivered") {
      ctx.services.markDown("smtp", error.message.replace(/^not delivered: smtp /, ""));
    }
    if (error instanceof MailDeliveryError && (error.permanent || error.outcome === "unknown")) {
      throw new PermanentJobError(error.message);
    }
    throw error;
  }
  ctx.services.markUp("smtp");
  // Delivered: the job keeps nothing of the message.
  return { payload: {} };
};

/** Worker options for mail: the handler and its retry policy. */
export function mailWorkerOptions(ctx: AppContext): Pick<WorkerOptions, "handlers" | "retry"> {
  return {
    handlers: { [MAIL_JOB]: deliverMailJob },
    retry: { [MAIL_JOB]: mailRetry(ctx.env.MAIL_RETRY_HOURS) },
  };
}

/** A worker that delivers mail only (woken after a mail is queued; tests drive it directly). */
export function createMailWorker(ctx: AppContext, options: Pick<WorkerOptions, "log" | "id" | "onlyKeys"> = {}): Worker {
  return createWorker(ctx, { ...mailWorkerOptions(ctx), ...options });
}
