import { randomUUID } from "node:crypto";
import type { FastifyRequest } from "fastify";
import type { Locale } from "../../../common/i18n/locales.ts";
import type { AppContext } from "../../app-context.ts";
import { contactMessages } from "../../db/schema/profile.ts";
import { contactToSupport } from "../profile/profile-mail.ts";
import type { SessionInfo } from "../sessions/session-types.ts";
import { throttleKey } from "../throttle/throttle.ts";
import { contactAad } from "./contact-aad.ts";

export interface ContactInput {
  subject: string;
  message: string;
  reply_email?: string | undefined;
  locale: Locale;
}

/**
 * Stores a contact message (content field-encrypted) and e-mails it to SUPPORT_EMAIL. Visitors
 * may write too. Throttled per IP and, for users, per account, like every request that sends
 * e-mail.
 */
export async function sendContactMessage(
  ctx: AppContext,
  req: FastifyRequest,
  session: SessionInfo | null,
  input: ContactInput,
): Promise<{ id: string }> {
  await ctx.throttle.hit([
    { key: throttleKey("contact:ip", req.ip), policy: ctx.policies.ipRate },
    ...(session ? [{ key: throttleKey("contact:user", session.userId), policy: ctx.policies.emailRate }] : []),
  ]);
  const id = randomUUID();
  const replyEmail = input.reply_email ? input.reply_email : null;
  await ctx.db.insert(contactMessages).values({
    id,
    userId: session?.userId ?? null,
    replyEmail,
    content: ctx.cipher.encrypt(JSON.stringify({ subject: input.subject, message: input.message }), contactAad(id)),
    locale: input.locale,
    createdAt: ctx.clock.now(),
  });
  await ctx.mailer.send({
    to: ctx.env.SUPPORT_EMAIL,
    ...(replyEmail ? { replyTo: replyEmail } : {}),
    ...contactToSupport({ subject: input.subject, message: input.message, replyEmail, locale: input.locale, id, registered: session !== null }),
  });
  return { id };
}
