import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useSearchParams } from "react-router";
import { z } from "zod";
import { pathTo } from "../../common/routing/route-table.ts";
import {
  emailCodeSchema,
  statusResponse,
  termsResponse,
  validateTokenResponse,
} from "../../common/schemas/accounts.ts";
import { Notice } from "../components/alert.tsx";
import { Button } from "../components/button.tsx";
import { Checkbox } from "../components/field.tsx";
import { PasswordField } from "../components/password-field.tsx";
import { newPasswordField, requiredConsent } from "../features/accounts/form-schemas.ts";
import { useFormIds } from "../features/accounts/use-form-ids.ts";
import { ApiError } from "../lib/api/client.ts";
import { browserApi } from "../lib/api/browser-client.ts";
import { errorInfo, errorMessage, type ErrorInfo } from "../lib/api/error-message.ts";
import { useDialog } from "../lib/dialog.tsx";
import { FormErrorSummary } from "../lib/form/form-error-summary.tsx";
import { useForm } from "../lib/form/use-form.ts";
import { guards, screenData, screenMeta } from "../lib/screen.ts";
import type { Route } from "./+types/register";

const screenGuards = guards("register");
export const middleware = screenGuards.middleware;
export const clientMiddleware = screenGuards.clientMiddleware;

/** The current terms version (the consent names it); the code is checked in the browser. */
const data = screenData("register", async ({ api }) => ({
  terms: await api.get("/terms/", { schema: termsResponse }),
}));
export const loader = data.loader;
export const clientLoader = data.clientLoader;

export function meta({ loaderData }: Route.MetaArgs) {
  return screenMeta(loaderData);
}

type LinkState =
  | { kind: "checking" }
  | { kind: "valid"; email: string }
  | { kind: "invalid" }
  | { kind: "error"; info: ErrorInfo };

/** Checks the e-mailed code (POST, so in the browser: it needs the CSRF token). */
function useRegistrationLink(code: string | null): [LinkState, () => void] {
  const [state, setState] = useState<LinkState>({ kind: "checking" });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!code || !emailCodeSchema.safeParse(code).success) {
      setState({ kind: "invalid" });
      return;
    }
    let cancelled = false;
    setState({ kind: "checking" });
    browserApi()
      .post("/onboarding/validate-token", { code }, { schema: validateTokenResponse })
      .then(({ email }) => {
        if (!cancelled) setState({ kind: "valid", email });
      })
      .catch((error: unknown) => {
        if (cancelled) return;
        if (
          error instanceof ApiError &&
          (error.code === "auth.link_invalid" || error.code === "request.invalid")
        ) {
          setState({ kind: "invalid" });
        } else setState({ kind: "error", info: errorInfo(error) });
      });
    return () => {
      cancelled = true;
    };
  }, [code, attempt]);
  return [state, () => setAttempt((n) => n + 1)];
}

export default function RegisterScreen({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { locale, terms } = loaderData;
  const [search] = useSearchParams();
  const code = search.get("code");
  const [link, retry] = useRegistrationLink(code);
  return (
    <div className="page page--narrow stack">
      <h1>{t("screens.register.heading")}</h1>
      <div role="status">
        {link.kind === "checking" ? (
          <p className="muted">{t("accounts.complete.checking")}</p>
        ) : null}
      </div>
      {link.kind === "invalid" ? <InvalidLink /> : null}
      {link.kind === "error" ? (
        <div className="stack">
          <Notice tone="warning" role="alert">
            <p>{errorMessage(t, link.info)}</p>
          </Notice>
          <div>
            <Button variant="secondary" onClick={retry}>
              {t("accounts.complete.retry")}
            </Button>
          </div>
        </div>
      ) : null}
      {link.kind === "valid" && code ? (
        <CompleteForm code={code} email={link.email} termsVersion={terms.version} locale={locale} />
      ) : null}
    </div>
  );
}

/** An expired, used or mistyped link: say so kindly and offer a new one. */
function InvalidLink() {
  const { t } = useTranslation();
  const dialog = useDialog();
  return (
    <div className="stack">
      <Notice tone="info" title={t("accounts.complete.invalidTitle")}>
        <p>{t("accounts.complete.invalidText")}</p>
      </Notice>
      <div className="cluster">
        <Button onClick={() => dialog.open("RegisterDialog")}>
          {t("accounts.complete.newLink")}
        </Button>
        <Button variant="secondary" onClick={() => dialog.open("EmailPwdLoginDialog")}>
          {t("nav.login")}
        </Button>
      </div>
    </div>
  );
}

function CompleteForm({
  code,
  email,
  termsVersion,
  locale,
}: {
  code: string;
  email: string;
  termsVersion: string;
  locale: Route.ComponentProps["loaderData"]["locale"];
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const idFor = useFormIds();
  const form = useForm({
    schema: z.strictObject({
      password: newPasswordField(email),
      accept_terms: requiredConsent,
      consent_health_data: requiredConsent,
    }),
    initial: { password: "", accept_terms: false, consent_health_data: false },
    // A changed terms version is about the terms box.
    serverField: (path) =>
      path === "body.terms_version"
        ? "accept_terms"
        : path.startsWith("body.")
          ? path.slice(5)
          : null,
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
        },
        { schema: statusResponse },
      );
      // The server rotated the CSRF secret with the new session: fetch a fresh token next time.
      api.options.csrf.set(null);
      await navigate(pathTo("enable2fa", locale));
    },
  });
  const newTab = t("accounts.newTab");
  return (
    <form className="stack" noValidate onSubmit={(event) => void form.handleSubmit(event)}>
      <p className="lead">{t("screens.register.description")}</p>
      <FormErrorSummary
        messages={form.messages}
        formError={form.formError}
        idFor={idFor}
        attempt={form.submitCount}
        labels={{
          password: t("accounts.complete.password"),
          accept_terms: t("accounts.complete.termsShort"),
          consent_health_data: t("accounts.complete.healthShort"),
        }}
      />
      <dl className="account-email">
        <dt>{t("accounts.fields.email")}</dt>
        <dd>{email}</dd>
      </dl>
      {/* Lets password managers save the address together with the new password. */}
      <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
      <PasswordField
        id={idFor("password")}
        label={t("accounts.complete.password")}
        hint={t("accounts.passwordPolicy")}
        autoComplete="new-password"
        value={form.values.password}
        error={form.errors.password}
        onChange={(event) => form.setValue("password", event.target.value)}
      />
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
              </Link>{" "}
              {t("accounts.complete.termsVersion", { version: termsVersion })}
            </>
          }
          checked={form.values.accept_terms}
          error={form.errors.accept_terms}
          onChange={(event) => form.setValue("accept_terms", event.target.checked)}
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
          checked={form.values.consent_health_data}
          error={form.errors.consent_health_data}
          onChange={(event) => form.setValue("consent_health_data", event.target.checked)}
        />
      </fieldset>
      <div>
        <Button type="submit" size="lg" busy={form.submitting}>
          {t("accounts.complete.submit")}
        </Button>
      </div>
    </form>
  );
}
