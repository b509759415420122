import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "../../lib/i18n-react.tsx";
import { useNavigate } from "react-router";
import { z } from "zod";
import { CURRENT_CONSENT_VERSION } from "../../../common/auth/consent.ts";
import { pathTo } from "../../../common/routing/route-table.ts";
import { termsResponse } from "../../../common/schemas/accounts.ts";
import { bankidStartResponse, type BankIdDevice } from "../../../common/schemas/bankid.ts";
import { browserApi } from "../../lib/api/browser-client.ts";
import { FormShell } from "../../lib/form/form-shell.tsx";
import { useForm } from "../../lib/form/use-form.ts";
import { useScreen } from "../../lib/use-screen.ts";
import { ConsentFields } from "../accounts/consent-fields.tsx";
import { consentServerField } from "../accounts/consent-server-field.ts";
import { consentsShape } from "../accounts/form-schemas.ts";
import { useFormIds } from "../accounts/use-form-ids.ts";
import { BankIdChoice, BankIdProgress } from "./bankid-progress.tsx";
import { useBankIdOrder } from "./use-bankid-order.ts";

const consentsForm = z.strictObject(consentsShape);

/**
 * "Create an account with BankID" in the register dialog: the same two consents as the e-mail
 * registration, then BankID; the account is created when BankID completes, and the dashboard opens.
 */
export function BankIdRegister({ close }: { close: () => void }) {
  const { t } = useTranslation();
  const { locale } = useScreen();
  const navigate = useNavigate();
  const headingId = useId();
  const idFor = useFormIds();
  const [termsVersion, setTermsVersion] = useState<string | null>(null);
  const device = useRef<BankIdDevice>("other");
  const bankid = useBankIdOrder(async () => {
    await navigate(pathTo("dashboard", locale));
    close();
  });
  useEffect(() => {
    let current = true;
    void browserApi()
      .get("/terms/", { schema: termsResponse })
      .then((terms) => {
        if (current) setTermsVersion(terms.version);
      })
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, []);
  const form = useForm({
    schema: consentsForm,
    initial: { accept_terms: false, consent_health_data: false, adult: false },
    serverField: consentServerField,
    onSubmit: async () => {
      const api = browserApi();
      const version = termsVersion ?? (await api.get("/terms/", { schema: termsResponse })).version;
      const chosen = device.current;
      await bankid.start(chosen, () =>
        api.post(
          "/onboarding/register",
          {
            device: chosen,
            locale,
            terms_version: version,
            accept_terms: true,
            consent_health_data: true,
            adult: true,
            consent_version: CURRENT_CONSENT_VERSION,
          },
          { schema: bankidStartResponse },
        ),
      );
    },
  });
  const { state } = bankid;
  const choosing = state.phase === "idle" || state.phase === "starting";
  return (
    <section className="stack stack--sm" aria-labelledby={headingId}>
      <h3 id={headingId}>{t("bankid.registerTitle")}</h3>
      {choosing ? (
        <FormShell
          form={form}
          idFor={idFor}
          className="stack stack--sm"
          beforeSubmit={() => (device.current = "other")}
          labels={{
            accept_terms: t("accounts.complete.termsShort"),
            consent_health_data: t("accounts.complete.healthShort"),
            adult: t("accounts.complete.adultShort"),
          }}
        >
          <p>{t("bankid.registerIntro")}</p>
          <ConsentFields
            values={form.values}
            errors={form.errors}
            onChange={(name, checked) => form.setValue(name, checked)}
            idFor={idFor}
            termsVersion={termsVersion}
            locale={locale}
          />
          <BankIdChoice
            busy={state.phase === "starting" ? state.device : null}
            onChoose={(chosen) => {
              device.current = chosen;
              void form.handleSubmit();
            }}
          />
        </FormShell>
      ) : null}
      <BankIdProgress state={state} onCancel={bankid.cancel} onRetry={bankid.reset} />
    </section>
  );
}
