import { useTranslation } from "../../lib/i18n-react.tsx";
import { Link } from "react-router";
import type { Locale } from "../../../common/i18n/locales.ts";
import { pathTo } from "../../../common/routing/route-table.ts";
import { Checkbox } from "../../components/field.tsx";

export interface ConsentValues {
  accept_terms: boolean;
  consent_health_data: boolean;
}

/**
 * The two separate consents of a new account (terms of use, health information), each with its
 * explanation and a link: the e-mail and the BankID registration ask them in the same words.
 */
export function ConsentFields({
  values,
  errors,
  onChange,
  idFor,
  termsVersion,
  locale,
}: {
  values: ConsentValues;
  errors: Partial<Record<keyof ConsentValues, string>>;
  onChange: (name: keyof ConsentValues, checked: boolean) => void;
  idFor: (name: string) => string;
  termsVersion: string | null;
  locale: Locale;
}) {
  const { t } = useTranslation();
  const newTab = t("accounts.newTab");
  return (
    <fieldset className="stack stack--md consents">
      <legend>{t("accounts.complete.consentsLegend")}</legend>
      <Checkbox
        id={idFor("accept_terms")}
        label={t("accounts.complete.terms")}
        hint={
          <>
            <Link to={pathTo("terms", locale)} target="_blank" rel="noopener">
              {t("accounts.complete.termsLink")}
              <span className="visually-hidden"> {newTab}</span>
            </Link>
            {termsVersion ? <> {t("accounts.complete.termsVersion", { version: termsVersion })}</> : null}
          </>
        }
        checked={values.accept_terms}
        error={errors.accept_terms}
        onChange={(event) => onChange("accept_terms", event.target.checked)}
      />
      <Checkbox
        id={idFor("consent_health_data")}
        label={t("accounts.complete.health")}
        hint={
          <>
            {t("accounts.complete.healthWhy")}{" "}
            <Link to={pathTo("privacy", locale)} target="_blank" rel="noopener">
              {t("accounts.complete.privacyLink")}
              <span className="visually-hidden"> {newTab}</span>
            </Link>
          </>
        }
        checked={values.consent_health_data}
        error={errors.consent_health_data}
        onChange={(event) => onChange("consent_health_data", event.target.checked)}
      />
    </fieldset>
  );
}
