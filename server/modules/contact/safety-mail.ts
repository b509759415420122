import type { Locale } from "../../../common/i18n/locales.ts";
import type { SafetyCategory } from "../../../common/schemas/safety.ts";
import { compose, type MailBody } from "../mail/templates.ts";

/** The subject's prefix: the safety team's mail rules and eyes pick these out first. */
export const SAFETY_SUBJECT_PREFIX = "[PRIORITET] Säkerhetsrapport";

const CATEGORY: Record<SafetyCategory, string> = {
  crisis_info: "fel krisnummer eller felaktig krisinformation",
  result: "resultat eller kursförslag som verkade fel",
  content: "innehåll som gjorde ont eller upprörde",
  technical: "något som inte fungerade och kan vara osäkert",
  other: "annat",
};

/**
 * A safety report to SAFETY_REPORT_EMAIL (the team, in Swedish like support mail): a priority
 * subject with the category and the report's reference, then the message. It goes through the
 * contact path's mailer, so it travels the way every e-mail of the product does.
 */
export function safetyReportToTeam(input: {
  reference: string;
  category: SafetyCategory;
  subject: string;
  message: string;
  replyEmail: string | null;
  locale: Locale;
  messageId: string;
  registered: boolean;
}): MailBody {
  return compose("sv", {
    subject: `${SAFETY_SUBJECT_PREFIX}: ${CATEGORY[input.category]} (${input.reference})`,
    greeting: "En säkerhetsrapport har kommit in via kontaktsidan. Bedöm den mot riskfilen (docs/regulatory/risks.md) inom en arbetsdag; ett krisnummer kontrolleras direkt.",
    paragraphs: [
      `Kategori: ${CATEGORY[input.category]}`,
      `Rapport: ${input.reference}`,
      `Språk: ${input.locale}`,
      `Avsändare: ${input.registered ? "inloggad användare" : "besökare"}`,
      `Svarsadress: ${input.replyEmail ?? "(ingen)"}`,
      `Meddelande-id: ${input.messageId}`,
      `Ärende: ${input.subject}`,
      input.message,
    ],
  });
}
