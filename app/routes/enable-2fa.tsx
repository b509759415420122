import { useState } from "react";
import { useTranslation } from "../lib/i18n-react.tsx";
import { Link, useNavigate } from "react-router";
import { z } from "zod";
import { pathTo } from "../../common/routing/route-table.ts";
import { recoveryCodesResponse, twofaSetupResponse } from "../../common/schemas/accounts.ts";
import { Notice } from "../components/alert.tsx";
import { buttonClassName } from "../components/button.tsx";
import { CodeField } from "../features/accounts/code-field.tsx";
import { totpCodeField } from "../features/accounts/form-schemas.ts";
import { RecoveryCodes } from "../features/accounts/recovery-codes.tsx";
import { LOGOUT_CONFIRMED } from "../features/accounts/logout-state.ts";
import { groupSecret } from "../features/accounts/twofa-secret.ts";
import { useFocusHeading } from "../features/accounts/use-focus-heading.ts";
import { useFormIds } from "../features/accounts/use-form-ids.ts";
import { browserApi } from "../lib/api/browser-client.ts";
import { FormShell, textField } from "../lib/form/form-shell.tsx";
import { useForm } from "../lib/form/use-form.ts";
import { guards, screenData, screenMeta } from "../lib/screen.ts";
import type { Route } from "./+types/enable-2fa";

const screenGuards = guards("enable2fa");
export const middleware = screenGuards.middleware;
export const clientMiddleware = screenGuards.clientMiddleware;

/** The set-up material: a secret kept until it is confirmed, its QR code. */
const data = screenData("enable2fa", async ({ api }) => ({
  setup: await api.get("/twofa/", { schema: twofaSetupResponse }),
}));
export const loader = data.loader;
export const clientLoader = data.clientLoader;

export function meta({ loaderData }: Route.MetaArgs) {
  return screenMeta(loaderData);
}

const codeForm = z.strictObject({ code: totpCodeField });

/**
 * Set up two-factor authentication: what an authenticator app is, the QR code and the key for
 * typing in, a code to confirm; then the recovery codes, once; then the dashboard.
 */
export default function Enable2faScreen({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { locale, setup } = loaderData;
  const navigate = useNavigate();
  const heading = useFocusHeading();
  const idFor = useFormIds();
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const form = useForm({
    schema: codeForm,
    initial: { code: "" },
    onSubmit: async ({ code }) => {
      const result = await browserApi().post(
        "/twofa/",
        { code },
        { schema: recoveryCodesResponse },
      );
      setRecoveryCodes(result.recovery_codes);
      // The codes replace the form: start reading there.
      setTimeout(() => document.getElementById(idFor("enabled"))?.focus(), 0);
    },
  });
  const dashboard = pathTo("dashboard", locale);

  if (recoveryCodes) {
    return (
      <div className="stack">
        <div id={idFor("enabled")} tabIndex={-1}>
          <Notice tone="success" title={t("accounts.enable2fa.enabledTitle")}>
            <p>{t("accounts.enable2fa.enabled")}</p>
          </Notice>
        </div>
        <RecoveryCodes
          codes={recoveryCodes}
          headingLevel={1}
          continueLabel={t("accounts.recovery.toDashboard")}
          onContinue={() => void navigate(dashboard)}
        />
      </div>
    );
  }

  if (setup.enabled || !setup.secret) {
    return (
      <div className="stack">
        <h1 ref={heading} tabIndex={-1}>
          {t("screens.enable2fa.heading")}
        </h1>
        <p>{t("accounts.enable2fa.alreadyEnabled")}</p>
        <div>
          <Link to={dashboard} className={buttonClassName("primary")}>
            {t("accounts.recovery.toDashboard")}
          </Link>
        </div>
      </div>
    );
  }

  return (
    <div className="stack">
      <h1 ref={heading} tabIndex={-1}>
        {t("screens.enable2fa.heading")}
      </h1>
      <p className="lead">{t("accounts.enable2fa.lead")}</p>
      <section className="stack stack--md" aria-labelledby={idFor("what")}>
        <h2 id={idFor("what")}>{t("accounts.enable2fa.whatTitle")}</h2>
        <p>{t("accounts.enable2fa.whatText")}</p>
        <p>{t("accounts.enable2fa.examples")}</p>
      </section>
      <ol className="twofa-steps stack">
        <li>
          <div className="stack stack--md">
            <h2 className="twofa-steps__title">{t("accounts.enable2fa.step1")}</h2>
            <p>{t("accounts.enable2fa.step1Text")}</p>
          </div>
        </li>
        <li>
          <div className="stack stack--md">
            <h2 className="twofa-steps__title">{t("accounts.enable2fa.step2")}</h2>
            {setup.qr_svg ? (
              <figure className="twofa-qr">
                <div
                  className="twofa-qr__image"
                  dangerouslySetInnerHTML={{ __html: setup.qr_svg }}
                />
                <figcaption>{t("accounts.enable2fa.qrCaption")}</figcaption>
              </figure>
            ) : null}
            {setup.otpauth_url ? (
              <div className="stack stack--sm">
                <p>{t("accounts.enable2fa.sameDevice")}</p>
                <div>
                  <a className={buttonClassName("secondary")} href={setup.otpauth_url}>
                    {t("accounts.enable2fa.openApp")}
                  </a>
                </div>
              </div>
            ) : null}
            <div className="stack stack--sm">
              <p>{t("accounts.enable2fa.manual")}</p>
              <dl className="twofa-secret">
                <dt>{t("accounts.enable2fa.secretLabel")}</dt>
                <dd>
                  <code className="twofa-secret__value">{groupSecret(setup.secret)}</code>
                </dd>
              </dl>
              <p className="muted small">{t("accounts.enable2fa.manualHint")}</p>
            </div>
          </div>
        </li>
        <li>
          <div className="stack stack--md">
            <h2 className="twofa-steps__title">{t("accounts.enable2fa.step3")}</h2>
            <FormShell form={form} idFor={idFor} className="stack stack--md" submitLabel={t("accounts.enable2fa.submit")}>
              <CodeField {...textField(form, idFor, "code")} />
            </FormShell>
          </div>
        </li>
      </ol>
      <p>
        {t("accounts.enable2fa.later")}{" "}
        <Link to={pathTo("logout", locale)} state={LOGOUT_CONFIRMED}>
          {t("nav.logout")}
        </Link>
      </p>
    </div>
  );
}
