import type { ReactNode } from "react";
import { LOCALE_SETTINGS, type Locale } from "../../../common/i18n/locales.ts";
import { AUTHORITY_WEBSITES, SUPERVISORY_AUTHORITIES } from "../../../common/privacy/settings.ts";
import type { PrivacyNotice as Notice, RetentionPeriod } from "../../../common/schemas/privacy.ts";
import type { TFunction } from "../../lib/i18n.ts";
import { useTranslation } from "../../lib/i18n-react.tsx";
import type { PageDto } from "./information-page.tsx";
import "./privacy-notice.css";

/** Purposes of the processing, each with its legal basis (messages `privacy.purposes.<key>`). */
export const PURPOSES = ["account", "health", "visitor", "statistics", "reminders", "security", "contact", "safety"] as const;
export const RIGHTS = ["access", "rectification", "erasure", "withdraw", "portability", "object"] as const;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** A duration in the largest whole unit: "30 dagar", "24 hours", "30 minutter". */
export function formatDuration(ms: number, t: TFunction): string {
  const [unit, size] = ms % DAY === 0 ? (["days", DAY] as const) : ms % HOUR === 0 ? (["hours", HOUR] as const) : (["minutes", MINUTE] as const);
  return t(`time.${unit}`, { count: Math.round(ms / size) });
}

function countryName(code: string, locale: Locale): string {
  try {
    return new Intl.DisplayNames([LOCALE_SETTINGS[locale].dateLocale], { type: "region" }).of(code) ?? code;
  } catch {
    return code;
  }
}

/**
 * The privacy page: the content page's prose (what is stored, what is not done, how it is
 * protected) inside the facts of GDPR art. 13 that come from configuration and code — the
 * controller and its contact, purposes and legal bases, profiling, statistics, processors,
 * transfers, the retention table and the rights with the supervisory authority.
 */
export function PrivacyNoticePage({ page, notice, locale }: { page: PageDto; notice: Notice; locale: Locale }) {
  const { t } = useTranslation();
  const missing = (setting: string) => <em className="privacy-notice__missing">{t("privacy.notConfigured", { setting })}</em>;
  const value = (v: string | null, setting: string): ReactNode => v ?? missing(setting);
  const { controller } = notice;
  const authority = notice.supervisory_authority;
  const period = (p: RetentionPeriod): string => {
    switch (p.kind) {
      case "until_account_deleted":
        return t("privacy.retention.untilDeleted");
      case "anonymous":
        return t("privacy.retention.anonymous");
      case "session":
        return t("privacy.retention.session", { idle: formatDuration(p.idle_ms, t), absolute: formatDuration(p.absolute_ms, t) });
      case "duration":
        return formatDuration(p.ms, t);
    }
  };
  return (
    <article className="page stack prose privacy-notice">
      <h1>{page.title}</h1>
      <section aria-labelledby="privacy-controller" className="stack stack--sm">
        <h2 id="privacy-controller">{t("privacy.controller.title")}</h2>
        <p>{t("privacy.controller.text")}</p>
        <dl className="privacy-notice__facts">
          <dt>{t("privacy.controller.name")}</dt>
          <dd data-setting="PRIVACY_CONTROLLER_NAME">{value(controller.name, "PRIVACY_CONTROLLER_NAME")}</dd>
          <dt>{t("privacy.controller.organisationNumber")}</dt>
          <dd data-setting="PRIVACY_ORGANISATION_NUMBER">{value(controller.organisation_number, "PRIVACY_ORGANISATION_NUMBER")}</dd>
          <dt>{t("privacy.controller.address")}</dt>
          <dd data-setting="PRIVACY_ADDRESS">{value(controller.address, "PRIVACY_ADDRESS")}</dd>
          <dt>{t("privacy.controller.contact")}</dt>
          <dd data-setting="PRIVACY_CONTACT_EMAIL">
            {controller.contact_email ? <a href={`mailto:${controller.contact_email}`}>{controller.contact_email}</a> : missing("PRIVACY_CONTACT_EMAIL")}
          </dd>
        </dl>
        <p>{t("privacy.controller.contactText")}</p>
      </section>
      <div className="stack" dangerouslySetInnerHTML={{ __html: page.html }} />
      <section aria-labelledby="privacy-purposes" className="stack stack--sm">
        <h2 id="privacy-purposes">{t("privacy.purposes.title")}</h2>
        <div className="privacy-notice__table">
          <table>
            <thead>
              <tr>
                <th scope="col">{t("privacy.purposes.purpose")}</th>
                <th scope="col">{t("privacy.purposes.basis")}</th>
              </tr>
            </thead>
            <tbody>
              {PURPOSES.map((key) => (
                <tr key={key}>
                  <th scope="row">{t(`privacy.purposes.${key}.purpose`)}</th>
                  <td>{t(`privacy.purposes.${key}.basis`)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <p>{t("privacy.purposes.consentNote")}</p>
      </section>
      <section aria-labelledby="privacy-profiling" className="stack stack--sm">
        <h2 id="privacy-profiling">{t("privacy.profiling.title")}</h2>
        <p>{t("privacy.profiling.what")}</p>
        <p>{t("privacy.profiling.noDecision")}</p>
        <p>{t("privacy.profiling.statistics", { min: notice.statistics.min_group, round: notice.statistics.round_to })}</p>
      </section>
      <section aria-labelledby="privacy-processors" className="stack stack--sm">
        <h2 id="privacy-processors">{t("privacy.processors.title")}</h2>
        <p>{t("privacy.processors.text")}</p>
        <ul>
          {notice.processors.map((p) => (
            <li key={p.role} data-setting={`PRIVACY_${p.role.toUpperCase()}_PROCESSOR`}>
              <strong>{t(`privacy.processors.${p.role}`)}:</strong>{" "}
              {p.name ?? missing(`PRIVACY_${p.role.toUpperCase()}_PROCESSOR`)}
              {p.country ? ` (${countryName(p.country, locale)})` : null}
            </li>
          ))}
        </ul>
        <p>{t("privacy.processors.bankid")}</p>
        <h3>{t("privacy.transfers.title")}</h3>
        <p>
          {notice.transfers.countries.length === 0
            ? t("privacy.transfers.none")
            : t(`privacy.transfers.${notice.transfers.safeguard ?? "scc"}`, {
                countries: notice.transfers.countries.map((c) => countryName(c, locale)).join(", "),
              })}
        </p>
      </section>
      <section aria-labelledby="privacy-retention" className="stack stack--sm">
        <h2 id="privacy-retention">{t("privacy.retention.title")}</h2>
        <div className="privacy-notice__table">
          <table>
            <thead>
              <tr>
                <th scope="col">{t("privacy.retention.data")}</th>
                <th scope="col">{t("privacy.retention.kept")}</th>
              </tr>
            </thead>
            <tbody>
              {notice.retention.map((row) => (
                <tr key={row.data} data-retention={row.data}>
                  <th scope="row">{t(`privacy.retention.rows.${row.data}`)}</th>
                  <td>{period(row.period)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <p>{t("privacy.retention.logs")}</p>
      </section>
      <section aria-labelledby="privacy-rights" className="stack stack--sm">
        <h2 id="privacy-rights">{t("privacy.rights.title")}</h2>
        <ul>
          {RIGHTS.map((right) => (
            <li key={right}>{t(`privacy.rights.${right}`)}</li>
          ))}
        </ul>
        <p data-setting="PRIVACY_SUPERVISORY_AUTHORITY">
          {authority ? (
            <>
              {t("privacy.rights.complaint", { authority: t(`privacy.authorities.${authority}`) })}{" "}
              <a href={AUTHORITY_WEBSITES[authority]}>{AUTHORITY_WEBSITES[authority].replace("https://", "")}</a>
            </>
          ) : (
            missing("PRIVACY_SUPERVISORY_AUTHORITY")
          )}
        </p>
        <p>
          {t("privacy.rights.otherAuthorities", {
            authorities: SUPERVISORY_AUTHORITIES.filter((a) => a !== authority)
              .map((a) => t(`privacy.authorities.${a}`))
              .join(t("privacy.rights.and")),
          })}
        </p>
      </section>
    </article>
  );
}
