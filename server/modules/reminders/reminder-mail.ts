import type { Locale } from "../../../common/i18n/locales.ts";
import { escapeHtml, type MailBody } from "../mail/templates.ts";

/**
 * Reminder e-mails. Deliberately without health information: no course name, no category, no
 * score — a message that may be read over someone's shoulder or in a shared inbox says only that
 * "your next part is open" or "welcome back when it suits you".
 */

export type ReminderKind = "unlock" | "nudge";

const PRODUCT: Record<Locale, string> = { sv: "KBT Självhjälp", en: "CBT Self-help", no: "KBT Selvhjelp", da: "KBT Selvhjælp" };

const TEXT: Record<Locale, Record<ReminderKind, { subject: string; body: string[] }> & { hello: string; open: string; why: string; unsubscribe: string }> = {
  sv: {
    hello: "Hej!",
    unlock: { subject: "Nästa del är öppen", body: ["Nästa del i ditt program är nu öppen.", "Fortsätt när det passar dig."] },
    nudge: { subject: "En vänlig påminnelse", body: ["Det har gått en vecka sedan du senast var inne.", "Små steg räknas också. Fortsätt när det passar dig."] },
    open: "Logga in",
    why: "Du får det här meddelandet för att du har slagit på påminnelser via e-post i din profil.",
    unsubscribe: "Sluta få påminnelser",
  },
  en: {
    hello: "Hello,",
    unlock: { subject: "Your next part is open", body: ["The next part of your programme is now open.", "Continue when it suits you."] },
    nudge: { subject: "A friendly reminder", body: ["It has been a week since you last visited.", "Small steps count too. Continue when it suits you."] },
    open: "Log in",
    why: "You are receiving this because you turned on e-mail reminders in your profile.",
    unsubscribe: "Stop reminders",
  },
  no: {
    hello: "Hei!",
    unlock: { subject: "Neste del er åpen", body: ["Neste del av programmet ditt er nå åpen.", "Fortsett når det passer deg."] },
    nudge: { subject: "En vennlig påminnelse", body: ["Det har gått en uke siden du sist var innom.", "Små steg teller også. Fortsett når det passer deg."] },
    open: "Logg inn",
    why: "Du får denne meldingen fordi du har slått på påminnelser på e-post i profilen din.",
    unsubscribe: "Slutt å få påminnelser",
  },
  da: {
    hello: "Hej!",
    unlock: { subject: "Næste del er åben", body: ["Næste del af dit program er nu åben.", "Fortsæt, når det passer dig."] },
    nudge: { subject: "En venlig påmindelse", body: ["Der er gået en uge, siden du sidst var inde.", "Små skridt tæller også. Fortsæt, når det passer dig."] },
    open: "Log ind",
    why: "Du får denne besked, fordi du har slået påmindelser på e-mail til i din profil.",
    unsubscribe: "Stop påmindelser",
  },
};

export function reminderMail(kind: ReminderKind, locale: Locale, links: { open: string; unsubscribe: string }): MailBody {
  const t = TEXT[locale];
  const { subject, body } = t[kind];
  const text = [t.hello, "", ...body.flatMap((p) => [p, ""]), `${t.open}:`, links.open, "", "—", PRODUCT[locale], t.why, `${t.unsubscribe}: ${links.unsubscribe}`].join("\n");
  const p = (s: string) => `<p style="margin:0 0 16px;line-height:1.6">${escapeHtml(s)}</p>`;
  const html =
    `<!doctype html><html lang="${locale === "no" ? "nb" : locale}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>` +
    `<body style="margin:0;padding:24px;background:#f4f7f6;font-family:Arial,Helvetica,sans-serif;color:#15211f">` +
    `<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:12px;padding:32px">` +
    `<p style="margin:0 0 24px;font-weight:bold;color:#084C44">${escapeHtml(PRODUCT[locale])}</p>` +
    p(t.hello) +
    body.map(p).join("") +
    `<p style="margin:24px 0"><a href="${escapeHtml(links.open)}" style="background:#084C44;color:#ffffff;padding:12px 20px;border-radius:8px;text-decoration:none;display:inline-block">${escapeHtml(t.open)}</a></p>` +
    `<p style="margin:32px 0 0;font-size:13px;color:#4a5755">${escapeHtml(t.why)} <a href="${escapeHtml(links.unsubscribe)}" style="color:#084C44">${escapeHtml(t.unsubscribe)}</a></p>` +
    `</div></body></html>`;
  return { subject, text, html };
}
