import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { LOCALES, type Locale } from "../../../common/i18n/locales.ts";
import type { PrivacyNotice } from "../../../common/schemas/privacy.ts";
import { i18nFor } from "../../lib/i18n.ts";
import { I18nProvider } from "../../lib/i18n-react.tsx";
import { formatDuration, PrivacyNoticePage } from "./privacy-notice.tsx";

const DAY = 86_400_000;
const notice: PrivacyNotice = {
  controller: { name: "Exempel AB", organisation_number: "559999-0001", address: "Gatan 1, Stockholm", contact_email: "dpo@example.se" },
  supervisory_authority: "datatilsynet-no",
  processors: [
    { role: "hosting", name: "Drift AB", country: "SE" },
    { role: "email", name: "Post Inc.", country: "US" },
  ],
  transfers: { countries: ["US"], safeguard: "scc" },
  statistics: { min_group: 50, round_to: 10 },
  retention: [
    { data: "account", period: { kind: "until_account_deleted" } },
    { data: "visitor_screening", period: { kind: "duration", ms: 30 * DAY } },
    { data: "sessions", period: { kind: "session", idle_ms: 30 * 60_000, absolute_ms: 12 * 3_600_000 } },
    { data: "email_links", period: { kind: "duration", ms: 24 * 3_600_000 } },
    { data: "audit_ip", period: { kind: "duration", ms: 30 * DAY } },
    { data: "bankid_orders", period: { kind: "duration", ms: 63 * 60_000 } },
    { data: "throttle_counters", period: { kind: "duration", ms: DAY } },
    { data: "finished_jobs", period: { kind: "duration", ms: 30 * DAY } },
    { data: "visitor_contact_messages", period: { kind: "duration", ms: 180 * DAY } },
    { data: "deleted_account_entry", period: { kind: "anonymous" } },
    { data: "safety_reports", period: { kind: "anonymous" } },
  ],
};
const page = { slug: "integritet", title: "Integritet", description: null, html: "<h2>Prosa</h2>" };

async function render(locale: Locale, n: PrivacyNotice = notice): Promise<string> {
  const i18n = await i18nFor(locale);
  return renderToStaticMarkup(
    <I18nProvider i18n={i18n}>
      <PrivacyNoticePage page={page} notice={n} locale={locale} />
    </I18nProvider>,
  );
}

describe("the privacy notice", () => {
  it.each(LOCALES)("%s: every purpose, right, processor, authority and retention row has its words; the settings are shown", async (locale) => {
    const html = await render(locale);
    // A missing message shows its key: none may.
    expect(html).not.toMatch(/privacy\.[a-zA-Z]/);
    for (const value of ["Exempel AB", "559999-0001", "Gatan 1, Stockholm", "mailto:dpo@example.se", "Drift AB", "Post Inc.", "<h2>Prosa</h2>"]) {
      expect(html).toContain(value);
    }
    expect(html).toContain("https://www.datatilsynet.no");
    expect(html).toContain(formatDuration(180 * DAY, (await i18nFor(locale)).t));
    expect(html.match(/data-retention=/g)).toHaveLength(notice.retention.length);
    expect(html).not.toContain("privacy-notice__missing");
  });

  it("names each setting that is not configured (outside production)", async () => {
    const html = await render("sv", {
      ...notice,
      controller: { name: null, organisation_number: null, address: null, contact_email: null },
      supervisory_authority: null,
      processors: [{ role: "hosting", name: null, country: null }],
      transfers: { countries: [], safeguard: null },
    });
    for (const setting of ["PRIVACY_CONTROLLER_NAME", "PRIVACY_ORGANISATION_NUMBER", "PRIVACY_ADDRESS", "PRIVACY_CONTACT_EMAIL", "PRIVACY_SUPERVISORY_AUTHORITY", "PRIVACY_HOSTING_PROCESSOR"]) {
      expect(html).toContain(`inte inställt: ${setting}`);
    }
  });

  it("writes durations in the largest whole unit of each language", async () => {
    expect(formatDuration(30 * DAY, (await i18nFor("sv")).t)).toBe("30 dagar");
    expect(formatDuration(2 * 3_600_000, (await i18nFor("en")).t)).toBe("2 hours");
    expect(formatDuration(30 * 60_000, (await i18nFor("no")).t)).toBe("30 minutter");
    expect(formatDuration(DAY, (await i18nFor("da")).t)).toBe("1 dag");
    expect(formatDuration(63 * 60_000, (await i18nFor("sv")).t)).toBe("63 minuter");
  });
});
