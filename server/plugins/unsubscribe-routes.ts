import { eq } from "drizzle-orm";
import type { FastifyInstance, FastifyReply } from "fastify";
import { z } from "zod";
import type { Locale } from "../../common/i18n/locales.ts";
import { users } from "../db/schema/users.ts";
import { escapeHtml } from "../modules/mail/templates.ts";
import { unsubscribe, validUnsubscribe } from "../modules/reminders/reminder-service.ts";

/**
 * One-click unsubscribe from reminder e-mails, without logging in (RFC 8058). The link carries the
 * user id and an HMAC of it. GET shows a page with one button (so that link scanners which fetch
 * every URL in a mail unsubscribe no one); POST — from that button, or from the mail client
 * through List-Unsubscribe-Post — turns reminders off.
 */

export const UNSUBSCRIBE_PATH = "/reminders/unsubscribe";

const query = z.object({ u: z.uuid(), t: z.string().regex(/^[A-Za-z0-9_-]{43}$/) });

const TEXT: Record<Locale, { title: string; ask: string; button: string; done: string; invalid: string }> = {
  sv: { title: "Påminnelser via e-post", ask: "Vill du sluta få påminnelser via e-post?", button: "Sluta få påminnelser", done: "Klart. Du får inga fler påminnelser via e-post. Du kan slå på dem igen i din profil.", invalid: "Länken fungerar inte. Du kan stänga av påminnelser i din profil." },
  en: { title: "E-mail reminders", ask: "Do you want to stop receiving e-mail reminders?", button: "Stop reminders", done: "Done. You will not receive any more e-mail reminders. You can turn them on again in your profile.", invalid: "This link does not work. You can turn reminders off in your profile." },
  no: { title: "Påminnelser på e-post", ask: "Vil du slutte å få påminnelser på e-post?", button: "Slutt å få påminnelser", done: "Ferdig. Du får ingen flere påminnelser på e-post. Du kan slå dem på igjen i profilen din.", invalid: "Lenken virker ikke. Du kan slå av påminnelser i profilen din." },
  da: { title: "Påmindelser på e-mail", ask: "Vil du stoppe med at få påmindelser på e-mail?", button: "Stop påmindelser", done: "Færdig. Du får ikke flere påmindelser på e-mail. Du kan slå dem til igen i din profil.", invalid: "Linket virker ikke. Du kan slå påmindelser fra i din profil." },
};

function page(reply: FastifyReply, status: number, locale: Locale, content: string): FastifyReply {
  const t = TEXT[locale];
  return reply
    .code(status)
    .header("Cache-Control", "no-store")
    .header("Referrer-Policy", "no-referrer")
    .header("X-Robots-Tag", "noindex")
    .type("text/html; charset=utf-8")
    .send(
      `<!doctype html><html lang="${locale === "no" ? "nb" : locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(t.title)}</title></head>` +
        `<body style="font-family:system-ui,sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem;line-height:1.6;color:#15211f;background:#fff"><main><h1>${escapeHtml(t.title)}</h1>${content}</main></body></html>`,
    );
}

async function localeOf(app: FastifyInstance, userId: string): Promise<Locale | null> {
  const [row] = await app.ctx.db.select({ locale: users.locale }).from(users).where(eq(users.id, userId));
  return row ? (row.locale as Locale) : null;
}

export async function registerUnsubscribeRoutes(app: FastifyInstance): Promise<void> {
  await app.register(async (scope) => {
    // RFC 8058: the mail client POSTs "List-Unsubscribe=One-Click" as a form; the body's content is not needed.
    scope.addContentTypeParser(["application/x-www-form-urlencoded", "multipart/form-data"], { parseAs: "string", bodyLimit: 4096 }, (_req, body, done) => done(null, body));
    const config = { csrf: false };

    scope.get(UNSUBSCRIBE_PATH, { config }, async (req, reply) => {
      const parsed = query.safeParse(req.query);
      const locale = parsed.success ? await localeOf(app, parsed.data.u) : null;
      if (!parsed.success || !locale || !validUnsubscribe(app.ctx.env.SECRET_KEY, parsed.data.u, parsed.data.t)) {
        return page(reply, 400, locale ?? "sv", `<p>${escapeHtml(TEXT[locale ?? "sv"].invalid)}</p>`);
      }
      const t = TEXT[locale];
      const action = `${UNSUBSCRIBE_PATH}?${new URLSearchParams({ u: parsed.data.u, t: parsed.data.t }).toString()}`;
      return page(
        reply,
        200,
        locale,
        `<p>${escapeHtml(t.ask)}</p><form method="post" action="${escapeHtml(action)}"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit" style="font:inherit;padding:0.6rem 1.2rem">${escapeHtml(t.button)}</button></form>`,
      );
    });

    scope.post(UNSUBSCRIBE_PATH, { config }, async (req, reply) => {
      const parsed = query.safeParse(req.query);
      const locale = parsed.success ? await localeOf(app, parsed.data.u) : null;
      if (!parsed.success || !locale || !validUnsubscribe(app.ctx.env.SECRET_KEY, parsed.data.u, parsed.data.t)) {
        return page(reply, 400, locale ?? "sv", `<p>${escapeHtml(TEXT[locale ?? "sv"].invalid)}</p>`);
      }
      await unsubscribe(app.ctx, parsed.data.u);
      return page(reply, 200, locale, `<p role="status">${escapeHtml(TEXT[locale].done)}</p>`);
    });
  });
}
