import { useTranslation } from "../../lib/i18n-react.tsx";
import type { ProfileDto } from "../../../common/schemas/profile.ts";
import { Button, buttonClassName } from "../../components/button.tsx";
import { Card } from "../../components/card.tsx";
import { useDialog } from "../../lib/dialog.tsx";
import { dateTimeFormat } from "../../../common/i18n/formatters.ts";

/** The export URL; the browser downloads it as a file (Content-Disposition: attachment). */
export const EXPORT_URL = "/api/v1/me/export/";

/**
 * Consents with their versions and dates, withdrawing them (which closes the account, ADR 011),
 * downloading one's data, and deleting the account.
 */
export function PrivacySection({ profile }: { profile: ProfileDto }) {
  const { t, i18n } = useTranslation();
  const dialog = useDialog();
  const date = (iso: string) => dateTimeFormat(i18n.language, { dateStyle: "long" }).format(new Date(iso));
  const live = profile.consents.filter((c) => c.withdrawn_at === null);
  // The newest consent of each kind is the one in force.
  const current = [...new Map(live.map((c) => [c.kind, c])).values()];
  return (
    <Card aria-labelledby="profile-privacy" className="stack stack--md">
      <h2 id="profile-privacy">{t("profile.privacy.title")}</h2>
      <div className="stack stack--md">
        <h3 id="profile-consents">{t("profile.privacy.consentsTitle")}</h3>
        <ul className="list-plain stack" aria-labelledby="profile-consents">
          {current.map((consent) => (
            <li key={consent.kind} className="stack stack--sm consent">
              <p className="consent__name">{t(`profile.privacy.consent.${consent.kind}`)}</p>
              <p className="muted">{t("profile.privacy.given", { date: date(consent.given_at), version: consent.version })}</p>
              {consent.kind === "age" ? (
                // A statement given with the consent, not a consent of its own to withdraw.
                <p>{t("profile.privacy.ageText")}</p>
              ) : (
                <>
                  <p>{t(`profile.privacy.withdrawText.${consent.kind}`)}</p>
                  <div>
                    <Button variant="secondary" onClick={() => dialog.open("DeleteUserDialog", { data: { withdraw: consent.kind } })}>
                      {t(`profile.privacy.withdraw.${consent.kind}`)}
                    </Button>
                  </div>
                </>
              )}
            </li>
          ))}
        </ul>
      </div>
      <div className="stack stack--md profile__subsection">
        <h3>{t("profile.privacy.exportTitle")}</h3>
        <p>{t("profile.privacy.exportText")}</p>
        <div>
          <a className={buttonClassName("secondary")} href={EXPORT_URL} download>
            {t("profile.privacy.export")}
          </a>
        </div>
      </div>
      <div className="stack stack--md profile__subsection">
        <h3>{t("accounts.profile.deleteTitle")}</h3>
        <p>{t("accounts.profile.deleteText")}</p>
        <div>
          <Button variant="danger" onClick={() => dialog.open("DeleteUserDialog")}>
            {t("accounts.profile.delete")}
          </Button>
        </div>
      </div>
    </Card>
  );
}
