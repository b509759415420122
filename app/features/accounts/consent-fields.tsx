import { useTranslation } from "../../lib/i18n-react.tsx";
import { Link } from "react-router";
import type { Locale } from "../../../common/i18n/locales.ts";
import { pathTo } from "../../../common/routing/route-table.ts";
import { Checkbox } from "../../components/field.tsx";

export interface ConsentValues {
  accept_terms: boolean;
  consent_health_data: boolean;
  adult: boolean;
}

/**
 * The separate agreements of a new account — the terms of use, the explicit consent to health
 * information (which names the anonymous statistics) and the confirmation of being 18 or older —
 * each with its explanation: the e-mail and the BankID registration ask them in the same words,
 * of the consent text's version (ADR 021).
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
      <Checkbox
        id={idFor("adult")}
        label={t("accounts.complete.adult")}
        hint={t("accounts.complete.adultWhy")}
        checked={values.adult}
        error={errors.adult}
        onChange={(event) => onChange("adult", event.target.checked)}
      />
    </fieldset>
  );
}
