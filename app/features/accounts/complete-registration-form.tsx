import { useTranslation } from "../../lib/i18n-react.tsx";
import { useNavigate } from "react-router";
import type { Locale } from "../../../common/i18n/locales.ts";
import { pathTo } from "../../../common/routing/route-table.ts";
import { PasswordField } from "../../components/password-field.tsx";
import { browserApi } from "../../lib/api/browser-client.ts";
import { FormShell, textField } from "../../lib/form/form-shell.tsx";
import { useForm } from "../../lib/form/use-form.ts";
import { removeOnboardingRecord } from "../../lib/onboarding-record.ts";
import { CURRENT_CONSENT_VERSION } from "../../../common/auth/consent.ts";
import { ConsentFields } from "./consent-fields.tsx";
import { consentServerField } from "./consent-server-field.ts";
import { useFormIds } from "./use-form-ids.ts";

/** Completing a registration from its e-mailed link (loaded lazily by the registration page). */
export function CompleteForm({
  code,
  email,
  termsVersion,
  locale,
}: {
  code: string;
  email: string;
  termsVersion: string;
  locale: Locale;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const idFor = useFormIds();
  const form = useForm({
    schema: () => import("./form-schemas.ts").then((m) => m.registerForm(email)),
    initial: { password: "", accept_terms: false, consent_health_data: false, adult: false },
    // A changed terms version is about the terms box, a changed consent text about the consent box.
    serverField: consentServerField,
    onSubmit: async (values) => {
      const api = browserApi();
      await api.post(
        "/onboarding/complete",
        {
          code,
          password: values.password,
          terms_version: termsVersion,
          accept_terms: true,
          consent_health_data: true,
          adult: true,
          consent_version: CURRENT_CONSENT_VERSION,
        },
        {
          schema: () => import("../../../common/schemas/accounts.ts").then((m) => m.statusResponse),
        },
      );
      // The server rotated the CSRF secret with the new session: fetch a fresh token next time.
      api.options.csrf.set(null);
      // The visitor's screenings moved into the account and the onboarding token was deleted.
      removeOnboardingRecord();
      await navigate(pathTo("enable2fa", locale));
    },
  });
  return (
    <>
      <p className="lead">{t("screens.register.description")}</p>
      <FormShell
        form={form}
        idFor={idFor}
        submitLabel={t("accounts.complete.submit")}
        submitSize="lg"
        labels={{
          password: t("accounts.complete.password"),
          accept_terms: t("accounts.complete.termsShort"),
          consent_health_data: t("accounts.complete.healthShort"),
          adult: t("accounts.complete.adultShort"),
        }}
      >
        <dl className="account-email">
          <dt>{t("accounts.fields.email")}</dt>
          <dd>{email}</dd>
        </dl>
        {/* Lets password managers save the address together with the new password. */}
        <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
        <PasswordField
          {...textField(form, idFor, "password")}
          label={t("accounts.complete.password")}
          hint={t("accounts.passwordPolicy")}
          autoComplete="new-password"
        />
        <ConsentFields
          values={form.values}
          errors={form.errors}
          onChange={(name, checked) => form.setValue(name, checked)}
          idFor={idFor}
          termsVersion={termsVersion}
          locale={locale}
        />
      </FormShell>
    </>
  );
}
