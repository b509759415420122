/**
 * A complete set of the privacy-notice settings (server/env.ts `PRIVACY_…`) and the safety-report
 * address, for tests and tools that start the server with NODE_ENV=production (which refuses to
 * start without them). The values are examples, never a real organisation.
 */
export const EXAMPLE_PRIVACY_ENV: Readonly<Record<string, string>> = Object.freeze({
  SAFETY_REPORT_EMAIL: "sakerhet@kbt.example.se",
  PRIVACY_CONTROLLER_NAME: "Exempel Självhjälp AB",
  PRIVACY_ORGANISATION_NUMBER: "559999-0001",
  PRIVACY_ADDRESS: "Exempelgatan 1, 111 22 Stockholm, Sverige",
  PRIVACY_CONTACT_EMAIL: "dataskydd@kbt.example.se",
  PRIVACY_SUPERVISORY_AUTHORITY: "imy",
  PRIVACY_HOSTING_PROCESSOR: "Exempel Hosting AB",
  PRIVACY_HOSTING_COUNTRY: "SE",
  PRIVACY_EMAIL_PROCESSOR: "Exempel E-post ApS",
  PRIVACY_EMAIL_COUNTRY: "DK",
});
