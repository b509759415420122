import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Locale } from "../../../common/i18n/locales.ts";
import type { AppContext } from "../../app-context.ts";
import type { ClientInfo } from "../../lib/client-info.ts";
import type { SafetyCategory } from "../../../common/schemas/safety.ts";
import { contactMessages } from "../../db/schema/profile.ts";
import { AppError } from "../../lib/app-error.ts";
import { safetyReports } from "../../db/schema/safety.ts";
import { queueMail } from "../mail/outbox.ts";
import { contactToSupport } from "../profile/profile-mail.ts";
import type { SessionInfo } from "../sessions/session-types.ts";
import { throttleKey } from "../throttle/throttle.ts";
import { contactAad } from "./contact-aad.ts";
import { safetyReportToTeam } from "./safety-mail.ts";

export interface ContactInput {
  subject: string;
  message: string;
  reply_email?: string | undefined;
  locale: Locale;
  kind?: "message" | "safety" | undefined;
  category?: SafetyCategory | undefined;
  /** The client's id for the message: the same message sent again is stored and e-mailed once. */
  id?: string | undefined;
}

/**
 * Stores a contact message (content field-encrypted) and queues it as an e-mail to SUPPORT_EMAIL, in
 * the same transaction (the durable outbox, ADR 020). Visitors
 * may write too. Throttled per IP and, for users, per account, like every request that sends
 * e-mail. A safety report (`kind: "safety"`, issue 25) takes the same path to SAFETY_REPORT_EMAIL
 * with a priority subject, and leaves a record in `safety_reports` that names no one and holds no
 * text: category, language and day (post-market surveillance, docs/regulatory/risks.md).
 */
export async function sendContactMessage(
  ctx: AppContext,
  client: ClientInfo,
  session: SessionInfo | null,
  input: ContactInput,
): Promise<{ id: string }> {
  await ctx.throttle.hit([
    { key: throttleKey("contact:ip", client.ip), policy: ctx.policies.ipRate },
    ...(session ? [{ key: throttleKey("contact:user", session.userId), policy: ctx.policies.emailRate }] : []),
  ]);
  const id = input.id ?? randomUUID();
  const replyEmail = input.reply_email ? input.reply_email : null;
  const safety = input.kind === "safety" && input.category ? input.category : null;
  const now = ctx.clock.now();
  const content = { subject: input.subject, message: input.message, ...(safety ? { kind: "safety", category: safety } : {}) };
  const registered = session !== null;
  // The message, the safety register's row and the mail that forwards them are stored together.
  const stored = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(contactMessages)
      .values({
        id,
        userId: session?.userId ?? null,
        replyEmail,
        content: ctx.cipher.encrypt(JSON.stringify(content), contactAad(id)),
        locale: input.locale,
        createdAt: now,
      })
      .onConflictDoNothing({ target: contactMessages.id })
      .returning({ id: contactMessages.id });
    // Sent before with this id (or at the same moment): stored, reported and e-mailed then.
    if (!row) return false;
    const [report] = safety
      ? await tx
          .insert(safetyReports)
          .values({ category: safety, locale: input.locale, receivedOn: now.toISOString().slice(0, 10) })
          .returning({ id: safetyReports.id })
      : [];
    await queueMail(
      ctx,
      tx,
      {
        to: safety ? ctx.env.SAFETY_REPORT_EMAIL : ctx.env.SUPPORT_EMAIL,
        ...(replyEmail ? { replyTo: replyEmail } : {}),
        ...(safety && report
          ? safetyReportToTeam({ reference: report.id, category: safety, subject: input.subject, message: input.message, replyEmail, locale: input.locale, messageId: id, registered })
          : contactToSupport({ subject: input.subject, message: input.message, replyEmail, locale: input.locale, id, registered })),
      },
      { userId: session?.userId ?? null },
    );
    return true;
  });
  if (!stored) {
    // Answered as the first time to its sender (a visitor's id is known to their browser only);
    // the id of another user's message, or of a visitor's to a user, is refused.
    const [first] = await ctx.db.select({ userId: contactMessages.userId }).from(contactMessages).where(eq(contactMessages.id, id)).limit(1);
    if (!first || first.userId !== (session?.userId ?? null)) throw new AppError("request.invalid", { fields: { "body.id": "invalid_value" } });
    return { id };
  }
  ctx.wakeWorker();
  return { id };
}
