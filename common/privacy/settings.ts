/**
 * The privacy notice's settings (server/env.ts `PRIVACY_…`) and the facts the page needs about
 * them. Isomorphic: the server checks the configuration with it, the privacy page renders with it.
 */

/** The settings production must have (each named when missing). */
export const PRIVACY_SETTINGS = [
  "PRIVACY_CONTROLLER_NAME",
  "PRIVACY_ORGANISATION_NUMBER",
  "PRIVACY_ADDRESS",
  "PRIVACY_CONTACT_EMAIL",
  "PRIVACY_SUPERVISORY_AUTHORITY",
  "PRIVACY_HOSTING_PROCESSOR",
  "PRIVACY_HOSTING_COUNTRY",
  "PRIVACY_EMAIL_PROCESSOR",
  "PRIVACY_EMAIL_COUNTRY",
] as const;
export type PrivacySetting = (typeof PRIVACY_SETTINGS)[number];

/** The three supervisory authorities of the product's countries; the notice names all of them for complaints. */
export const SUPERVISORY_AUTHORITIES = ["imy", "datatilsynet-no", "datatilsynet-dk"] as const;
export type SupervisoryAuthority = (typeof SUPERVISORY_AUTHORITIES)[number];

export const AUTHORITY_WEBSITES: Readonly<Record<SupervisoryAuthority, string>> = Object.freeze({
  imy: "https://www.imy.se",
  "datatilsynet-no": "https://www.datatilsynet.no",
  "datatilsynet-dk": "https://www.datatilsynet.dk",
});

/** EU member states and the EEA countries Iceland, Liechtenstein and Norway (ISO 3166 alpha-2). */
export const EEA_COUNTRIES: ReadonlySet<string> = new Set(
  "AT BE BG HR CY CZ DK EE FI FR DE GR HU IE IT LV LT LU MT NL PL PT RO SK SI ES SE IS LI NO".split(" "),
);
