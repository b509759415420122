import { Suspense, lazy, useEffect, useState } from "react";
import { useTranslation } from "../lib/i18n-react.tsx";
import { useSearchParams } from "react-router";
import { EMAIL_CODE_PATTERN } from "../../common/schemas/email-code.ts";
import { Notice } from "../components/alert.tsx";
import { Button } from "../components/button.tsx";
import { ApiError } from "../lib/api/client.ts";
import { browserApi } from "../lib/api/browser-client.ts";
import { errorInfo, errorMessage, type ErrorInfo } from "../lib/api/error-message.ts";
import { useDialog } from "../lib/dialog.tsx";
import { guards, screenData, screenMeta } from "../lib/screen.ts";
import type { Route } from "./+types/register";

/** The response schemas, loaded only when responses are checked (zod stays out of the first load). */
const accountSchemas = () => import("../../common/schemas/accounts.ts");

/* The form shows once the link is checked in the browser; its code loads beside the page. */
const CompleteForm = lazy(() =>
  import("../features/accounts/complete-registration-form.tsx").then((m) => ({
    default: m.CompleteForm,
  })),
);

const screenGuards = guards("register");
export const middleware = screenGuards.middleware;
export const clientMiddleware = screenGuards.clientMiddleware;

/** The current terms version (the consent names it); the code is checked in the browser. */
const data = screenData("register", async ({ api }) => ({
  terms: await api.get("/terms/", { schema: () => accountSchemas().then((m) => m.termsResponse) }),
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
  // A link without a well-formed code is invalid already in the server's page (no "checking"
  // replaced by the notice after the first paint: the page moving).
  const [state, setState] = useState<LinkState>(() =>
    code && EMAIL_CODE_PATTERN.test(code) ? { kind: "checking" } : { kind: "invalid" },
  );
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!code || !EMAIL_CODE_PATTERN.test(code)) {
      setState({ kind: "invalid" });
      return;
    }
    let cancelled = false;
    setState({ kind: "checking" });
    browserApi()
      .post(
        "/onboarding/validate-token",
        { code },
        { schema: () => accountSchemas().then((m) => m.validateTokenResponse) },
      )
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
        <Suspense fallback={<p className="muted">{t("accounts.complete.checking")}</p>}>
          <CompleteForm
            code={code}
            email={link.email}
            termsVersion={terms.version}
            locale={locale}
          />
        </Suspense>
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
