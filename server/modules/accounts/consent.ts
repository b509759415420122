import { CURRENT_CONSENT_VERSION } from "../../../common/auth/consent.ts";
import type { Locale } from "../../../common/i18n/locales.ts";
import type { consents } from "../../db/schema/accounts.ts";
import { AppError } from "../../lib/app-error.ts";

/**
 * The consent text and age confirmation (ADR 021): a request carries the version of the words it
 * showed; an older one is refused on its field, so nobody consents to words they did not see.
 */
export function assertCurrentConsent(version: string, field = "body.consent_version"): void {
  if (version !== CURRENT_CONSENT_VERSION) throw new AppError("request.invalid", { fields: { [field]: "consent.outdated" } });
}

/** The two rows a consent leaves: the explicit consent to health data (naming the statistics) and 18 or older. */
export function consentRows(
  userId: string,
  locale: Locale,
  givenAt: Date,
  version: string = CURRENT_CONSENT_VERSION,
): (typeof consents.$inferInsert)[] {
  return [
    { userId, kind: "health_data", version, locale, givenAt },
    { userId, kind: "age", version, locale, givenAt },
  ];
}
