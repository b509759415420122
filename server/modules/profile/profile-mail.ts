import type { Locale } from "../../../common/i18n/locales.ts";
import { compose, HELLO, type MailBody } from "../mail/templates.ts";

/** Profile and contact e-mails; like every e-mail of the product, without health information. */

export function emailChanged({ locale }: { locale: Locale }): MailBody {
  const t = {
    sv: { subject: "Din e-postadress har ändrats", body: ["E-postadressen till ditt konto har just ändrats. Meddelanden skickas från och med nu till den nya adressen.", "Om det inte var du, kontakta oss så snart du kan."] },
    en: { subject: "Your e-mail address has been changed", body: ["The e-mail address of your account has just been changed. From now on, messages go to the new address.", "If this was not you, please contact us as soon as you can."] },
    no: { subject: "E-postadressen din er endret", body: ["E-postadressen til kontoen din er nettopp endret. Fra nå av sendes meldinger til den nye adressen.", "Hvis det ikke var du, ta kontakt med oss så snart du kan."] },
    da: { subject: "Din e-mailadresse er ændret", body: ["E-mailadressen til din konto er lige blevet ændret. Fremover sendes beskeder til den nye adresse.", "Hvis det ikke var dig, så kontakt os hurtigst muligt."] },
  }[locale];
  return compose(locale, { subject: t.subject, greeting: HELLO[locale], paragraphs: t.body });
}

export function emailChangeTaken({ locale }: { locale: Locale }): MailBody {
  const t = {
    sv: { subject: "Den här adressen har redan ett konto", body: ["Någon bad om att få använda den här e-postadressen för ett konto, men adressen hör redan till ett konto hos oss. Ingenting har ändrats."] },
    en: { subject: "This address already has an account", body: ["Someone asked to use this e-mail address for an account, but the address already belongs to an account with us. Nothing has changed."] },
    no: { subject: "Denne adressen har allerede en konto", body: ["Noen ba om å bruke denne e-postadressen for en konto, men adressen hører allerede til en konto hos oss. Ingenting er endret."] },
    da: { subject: "Denne adresse har allerede en konto", body: ["Nogen bad om at bruge denne e-mailadresse til en konto, men adressen hører allerede til en konto hos os. Intet er ændret."] },
  }[locale];
  return compose(locale, { subject: t.subject, greeting: HELLO[locale], paragraphs: t.body });
}

/** The message to the support address (always Swedish headings; the text is the sender's own). */
export function contactToSupport(input: { subject: string; message: string; replyEmail: string | null; locale: Locale; id: string; registered: boolean }): MailBody {
  const lines = [
    `Ärende: ${input.subject}`,
    `Språk: ${input.locale}`,
    `Avsändare: ${input.registered ? "inloggad användare" : "besökare"}`,
    `Svarsadress: ${input.replyEmail ?? "(ingen)"}`,
    `Meddelande-id: ${input.id}`,
  ];
  return compose("sv", {
    subject: `Kontaktformulär: ${input.subject}`,
    greeting: "Nytt meddelande via kontaktformuläret.",
    paragraphs: [...lines, input.message],
  });
}
