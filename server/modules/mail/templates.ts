import type { Locale } from "../../../common/i18n/locales.ts";

/**
 * The product's e-mails, in the recipient's language: plain text and HTML. No health
 * information in any of them — not the courses, not the screening, not how someone feels.
 */
export interface MailBody {
  subject: string;
  text: string;
  html: string;
}

const PRODUCT: Record<Locale, string> = {
  sv: "KBT Självhjälp",
  en: "CBT Self-help",
  no: "KAT Selvhjelp",
  da: "KAT Selvhjælp",
};

const FOOTER: Record<Locale, string> = {
  sv: "Det här meddelandet skickades automatiskt. Om det inte var du som bad om det kan du bortse från det.",
  en: "This message was sent automatically. If you did not ask for it, you can ignore it.",
  no: "Denne meldingen ble sendt automatisk. Hvis det ikke var du som ba om den, kan du se bort fra den.",
  da: "Denne besked blev sendt automatisk. Hvis det ikke var dig, der bad om den, kan du se bort fra den.",
};

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

interface Parts {
  subject: string;
  greeting: string;
  paragraphs: string[];
  action?: { label: string; link: string };
  after?: string[];
  /** Instead of the default footer: why the mail came, with a link (a reminder's unsubscribe). */
  footer?: { text: string; link: { label: string; href: string } };
}

/** Builds text and HTML from the same parts, with one calm layout. */
export function compose(locale: Locale, parts: Parts): MailBody {
  const product = PRODUCT[locale];
  const textLines = [parts.greeting, "", ...parts.paragraphs.flatMap((p) => [p, ""])];
  if (parts.action) textLines.push(`${parts.action.label}:`, parts.action.link, "");
  for (const p of parts.after ?? []) textLines.push(p, "");
  textLines.push("—", product, parts.footer ? parts.footer.text : FOOTER[locale]);
  if (parts.footer) textLines.push(`${parts.footer.link.label}: ${parts.footer.link.href}`);

  const p = (text: string) => `<p style="margin:0 0 16px;line-height:1.6">${escapeHtml(text)}</p>`;
  const button = parts.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(parts.action.link)}" style="background:#084C44;color:#ffffff;padding:12px 20px;border-radius:8px;text-decoration:none;display:inline-block">${escapeHtml(parts.action.label)}</a></p>` +
      `<p style="margin:0 0 16px;font-size:14px;color:#3d4a47;word-break:break-all">${escapeHtml(parts.action.link)}</p>`
    : "";
  const html = `<!doctype html><html lang="${locale === "no" ? "nb" : locale}"><head><meta charset="utf-8"><title>${escapeHtml(parts.subject)}</title></head>` +
    `<body style="margin:0;padding:24px;background:#f4f7f6;font-family:Arial,Helvetica,sans-serif;color:#15211f">` +
    `<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:12px;padding:32px">` +
    `<p style="margin:0 0 24px;font-weight:bold;color:#084C44">${escapeHtml(product)}</p>` +
    p(parts.greeting) +
    parts.paragraphs.map(p).join("") +
    button +
    (parts.after ?? []).map(p).join("") +
    `<p style="margin:32px 0 0;font-size:13px;color:#4a5755">${
      parts.footer
        ? `${escapeHtml(parts.footer.text)} <a href="${escapeHtml(parts.footer.link.href)}" style="color:#084C44">${escapeHtml(parts.footer.link.label)}</a>`
        : escapeHtml(FOOTER[locale])
    }</p>` +
    `</div></body></html>`;
  return { subject: parts.subject, text: textLines.join("\n"), html };
}

export const HELLO: Record<Locale, string> = { sv: "Hej!", en: "Hello,", no: "Hei!", da: "Hej!" };

export function registrationLink({ locale, link }: { locale: Locale; link: string }): MailBody {
  const t = {
    sv: {
      subject: "Slutför din registrering",
      body: ["Tack för att du vill skapa ett konto. Klicka på länken nedan för att välja ett lösenord och slutföra registreringen.", "Länken gäller i 24 timmar och kan bara användas en gång."],
      label: "Slutför registreringen",
    },
    en: {
      subject: "Complete your registration",
      body: ["Thank you for creating an account. Follow the link below to choose a password and complete your registration.", "The link is valid for 24 hours and can only be used once."],
      label: "Complete registration",
    },
    no: {
      subject: "Fullfør registreringen din",
      body: ["Takk for at du vil opprette en konto. Klikk på lenken nedenfor for å velge et passord og fullføre registreringen.", "Lenken gjelder i 24 timer og kan bare brukes én gang."],
      label: "Fullfør registreringen",
    },
    da: {
      subject: "Gør din oprettelse færdig",
      body: ["Tak, fordi du vil oprette en konto. Klik på linket herunder for at vælge en adgangskode og gøre oprettelsen færdig.", "Linket gælder i 24 timer og kan kun bruges én gang."],
      label: "Gør oprettelsen færdig",
    },
  }[locale];
  return compose(locale, { subject: t.subject, greeting: HELLO[locale], paragraphs: t.body, action: { label: t.label, link } });
}

export function registrationExists({ locale, loginLink, resetLink }: { locale: Locale; loginLink: string; resetLink: string }): MailBody {
  const t = {
    sv: {
      subject: "Du har redan ett konto",
      body: ["Någon, kanske du, försökte skapa ett konto med den här e-postadressen. Det finns redan ett konto för adressen, så inget nytt konto skapades."],
      label: "Logga in",
      after: `Har du glömt ditt lösenord kan du välja ett nytt här: ${resetLink}`,
    },
    en: {
      subject: "You already have an account",
      body: ["Someone, perhaps you, tried to create an account with this e-mail address. There is already an account for this address, so no new account was created."],
      label: "Log in",
      after: `If you have forgotten your password, you can choose a new one here: ${resetLink}`,
    },
    no: {
      subject: "Du har allerede en konto",
      body: ["Noen, kanskje du, prøvde å opprette en konto med denne e-postadressen. Det finnes allerede en konto for adressen, så ingen ny konto ble opprettet."],
      label: "Logg inn",
      after: `Hvis du har glemt passordet ditt, kan du velge et nytt her: ${resetLink}`,
    },
    da: {
      subject: "Du har allerede en konto",
      body: ["Nogen, måske dig, forsøgte at oprette en konto med denne e-mailadresse. Der findes allerede en konto til adressen, så der blev ikke oprettet en ny."],
      label: "Log ind",
      after: `Har du glemt din adgangskode, kan du vælge en ny her: ${resetLink}`,
    },
  }[locale];
  return compose(locale, { subject: t.subject, greeting: HELLO[locale], paragraphs: t.body, action: { label: t.label, link: loginLink }, after: [t.after] });
}

export function passwordReset({ locale, link }: { locale: Locale; link: string }): MailBody {
  const t = {
    sv: {
      subject: "Välj ett nytt lösenord",
      body: ["Vi har fått en begäran om att återställa lösenordet till ditt konto. Klicka på länken nedan för att välja ett nytt lösenord.", "Länken gäller i en timme och kan bara användas en gång. Om det inte var du som bad om det här är ditt lösenord oförändrat."],
      label: "Välj nytt lösenord",
    },
    en: {
      subject: "Choose a new password",
      body: ["We received a request to reset the password for your account. Follow the link below to choose a new password.", "The link is valid for one hour and can only be used once. If you did not ask for this, your password has not been changed."],
      label: "Choose a new password",
    },
    no: {
      subject: "Velg et nytt passord",
      body: ["Vi har fått en forespørsel om å tilbakestille passordet til kontoen din. Klikk på lenken nedenfor for å velge et nytt passord.", "Lenken gjelder i én time og kan bare brukes én gang. Hvis det ikke var du som ba om dette, er passordet ditt uendret."],
      label: "Velg nytt passord",
    },
    da: {
      subject: "Vælg en ny adgangskode",
      body: ["Vi har fået en anmodning om at nulstille adgangskoden til din konto. Klik på linket herunder for at vælge en ny adgangskode.", "Linket gælder i en time og kan kun bruges én gang. Hvis det ikke var dig, der bad om det, er din adgangskode uændret."],
      label: "Vælg ny adgangskode",
    },
  }[locale];
  return compose(locale, { subject: t.subject, greeting: HELLO[locale], paragraphs: t.body, action: { label: t.label, link } });
}

export function passwordResetNoAccount({ locale, registerLink }: { locale: Locale; registerLink: string }): MailBody {
  const t = {
    sv: {
      subject: "Återställning av lösenord",
      body: ["Någon, kanske du, bad om att få återställa lösenordet för den här e-postadressen. Det finns inget konto med lösenord för adressen, så inget har ändrats."],
      label: "Skapa ett konto",
    },
    en: {
      subject: "Password reset",
      body: ["Someone, perhaps you, asked to reset the password for this e-mail address. There is no account with a password for this address, so nothing has changed."],
      label: "Create an account",
    },
    no: {
      subject: "Tilbakestilling av passord",
      body: ["Noen, kanskje du, ba om å tilbakestille passordet for denne e-postadressen. Det finnes ingen konto med passord for adressen, så ingenting er endret."],
      label: "Opprett en konto",
    },
    da: {
      subject: "Nulstilling af adgangskode",
      body: ["Nogen, måske dig, bad om at nulstille adgangskoden til denne e-mailadresse. Der findes ingen konto med adgangskode til adressen, så intet er ændret."],
      label: "Opret en konto",
    },
  }[locale];
  return compose(locale, { subject: t.subject, greeting: HELLO[locale], paragraphs: t.body, action: { label: t.label, link: registerLink } });
}

export function passwordChanged({ locale }: { locale: Locale }): MailBody {
  const t = {
    sv: { subject: "Ditt lösenord har ändrats", body: ["Lösenordet till ditt konto har just ändrats, och du har loggats ut på dina andra enheter.", "Om det inte var du, välj ett nytt lösenord via ”Glömt lösenordet?” på inloggningssidan och kontakta oss."] },
    en: { subject: "Your password has been changed", body: ["The password for your account has just been changed, and you have been logged out on your other devices.", "If this was not you, choose a new password with “Forgot your password?” on the login page and contact us."] },
    no: { subject: "Passordet ditt er endret", body: ["Passordet til kontoen din er nettopp endret, og du er logget ut på de andre enhetene dine.", "Hvis det ikke var du, velg et nytt passord via «Glemt passordet?» på innloggingssiden og kontakt oss."] },
    da: { subject: "Din adgangskode er ændret", body: ["Adgangskoden til din konto er lige blevet ændret, og du er logget ud på dine andre enheder.", "Hvis det ikke var dig, så vælg en ny adgangskode via »Glemt adgangskoden?« på login-siden og kontakt os."] },
  }[locale];
  return compose(locale, { subject: t.subject, greeting: HELLO[locale], paragraphs: t.body });
}

export function emailChangeConfirm({ locale, link }: { locale: Locale; link: string }): MailBody {
  const t = {
    sv: { subject: "Bekräfta din nya e-postadress", body: ["Klicka på länken nedan för att bekräfta att du vill använda den här adressen för ditt konto. Länken gäller i 24 timmar."], label: "Bekräfta adressen" },
    en: { subject: "Confirm your new e-mail address", body: ["Follow the link below to confirm that you want to use this address for your account. The link is valid for 24 hours."], label: "Confirm the address" },
    no: { subject: "Bekreft den nye e-postadressen din", body: ["Klikk på lenken nedenfor for å bekrefte at du vil bruke denne adressen for kontoen din. Lenken gjelder i 24 timer."], label: "Bekreft adressen" },
    da: { subject: "Bekræft din nye e-mailadresse", body: ["Klik på linket herunder for at bekræfte, at du vil bruge denne adresse til din konto. Linket gælder i 24 timer."], label: "Bekræft adressen" },
  }[locale];
  return compose(locale, { subject: t.subject, greeting: HELLO[locale], paragraphs: t.body, action: { label: t.label, link } });
}

export function twofaChanged({ locale, enabled }: { locale: Locale; enabled: boolean }): MailBody {
  const on = {
    sv: { subject: "Tvåstegsverifiering är påslagen", body: "Tvåstegsverifiering med autentiseringsapp är nu påslagen för ditt konto." },
    en: { subject: "Two-step verification is on", body: "Two-step verification with an authenticator app is now turned on for your account." },
    no: { subject: "Totrinnsbekreftelse er slått på", body: "Totrinnsbekreftelse med autentiseringsapp er nå slått på for kontoen din." },
    da: { subject: "Totrinsbekræftelse er slået til", body: "Totrinsbekræftelse med godkendelsesapp er nu slået til for din konto." },
  }[locale];
  const off = {
    sv: { subject: "Tvåstegsverifiering är avstängd", body: "Autentiseringsappen har tagits bort från ditt konto. Nästa gång du loggar in blir du ombedd att lägga till en ny." },
    en: { subject: "Two-step verification is off", body: "The authenticator app has been removed from your account. Next time you log in you will be asked to add a new one." },
    no: { subject: "Totrinnsbekreftelse er slått av", body: "Autentiseringsappen er fjernet fra kontoen din. Neste gang du logger inn, blir du bedt om å legge til en ny." },
    da: { subject: "Totrinsbekræftelse er slået fra", body: "Godkendelsesappen er fjernet fra din konto. Næste gang du logger ind, bliver du bedt om at tilføje en ny." },
  }[locale];
  const warn = {
    sv: "Om det inte var du, kontakta oss så snart du kan.",
    en: "If this was not you, please contact us as soon as you can.",
    no: "Hvis det ikke var du, ta kontakt med oss så snart du kan.",
    da: "Hvis det ikke var dig, så kontakt os hurtigst muligt.",
  }[locale];
  const t = enabled ? on : off;
  return compose(locale, { subject: t.subject, greeting: HELLO[locale], paragraphs: [t.body, warn] });
}

export function accountDeleted({ locale }: { locale: Locale }): MailBody {
  const t = {
    sv: { subject: "Ditt konto har tagits bort", body: ["Ditt konto och allt du har sparat hos oss har tagits bort. Du är alltid välkommen tillbaka."] },
    en: { subject: "Your account has been deleted", body: ["Your account and everything you saved with us have been deleted. You are always welcome back."] },
    no: { subject: "Kontoen din er slettet", body: ["Kontoen din og alt du har lagret hos oss, er slettet. Du er alltid velkommen tilbake."] },
    da: { subject: "Din konto er slettet", body: ["Din konto og alt, hvad du har gemt hos os, er slettet. Du er altid velkommen tilbage."] },
  }[locale];
  return compose(locale, { subject: t.subject, greeting: HELLO[locale], paragraphs: t.body });
}
