import type { Locale } from "../../../common/i18n/locales.ts";
import { compose, HELLO, type MailBody } from "../mail/templates.ts";

/**
 * Reminder e-mails. Deliberately without health information: no course name, no category, no
 * score — a message that may be read over someone's shoulder or in a shared inbox says only that
 * "your next part is open" or "welcome back when it suits you".
 */

export type ReminderKind = "unlock" | "nudge";

const TEXT: Record<Locale, Record<ReminderKind, { subject: string; body: string[] }> & { open: string; why: string; unsubscribe: string }> = {
  sv: {
    unlock: { subject: "Nästa del är öppen", body: ["Nästa del i ditt program är nu öppen.", "Fortsätt när det passar dig."] },
    nudge: { subject: "En vänlig påminnelse", body: ["Det har gått en vecka sedan du senast var inne.", "Små steg räknas också. Fortsätt när det passar dig."] },
    open: "Logga in",
    why: "Du får det här meddelandet för att du har slagit på påminnelser via e-post i din profil.",
    unsubscribe: "Sluta få påminnelser",
  },
  en: {
    unlock: { subject: "Your next part is open", body: ["The next part of your programme is now open.", "Continue when it suits you."] },
    nudge: { subject: "A friendly reminder", body: ["It has been a week since you last visited.", "Small steps count too. Continue when it suits you."] },
    open: "Log in",
    why: "You are receiving this because you turned on e-mail reminders in your profile.",
    unsubscribe: "Stop reminders",
  },
  no: {
    unlock: { subject: "Neste del er åpen", body: ["Neste del av programmet ditt er nå åpen.", "Fortsett når det passer deg."] },
    nudge: { subject: "En vennlig påminnelse", body: ["Det har gått en uke siden du sist var innom.", "Små steg teller også. Fortsett når det passer deg."] },
    open: "Logg inn",
    why: "Du får denne meldingen fordi du har slått på påminnelser på e-post i profilen din.",
    unsubscribe: "Slutt å få påminnelser",
  },
  da: {
    unlock: { subject: "Næste del er åben", body: ["Næste del af dit program er nu åben.", "Fortsæt, når det passer dig."] },
    nudge: { subject: "En venlig påmindelse", body: ["Der er gået en uge, siden du sidst var inde.", "Små skridt tæller også. Fortsæt, når det passer dig."] },
    open: "Log ind",
    why: "Du får denne besked, fordi du har slået påmindelser på e-mail til i din profil.",
    unsubscribe: "Stop påmindelser",
  },
};

export function reminderMail(kind: ReminderKind, locale: Locale, links: { open: string; unsubscribe: string }): MailBody {
  const t = TEXT[locale];
  return compose(locale, {
    subject: t[kind].subject,
    greeting: HELLO[locale],
    paragraphs: t[kind].body,
    action: { label: t.open, link: links.open },
    footer: { text: t.why, link: { label: t.unsubscribe, href: links.unsubscribe } },
  });
}
