import { Suspense, lazy } from "react";
import { useTranslation } from "../lib/i18n-react.tsx";
import { useSearchParams } from "react-router";
import { guards, screenData, screenMeta } from "../lib/screen.ts";
import type { Route } from "./+types/reset-password";

/* The forms load beside the page (React.lazy): the server renders them, the browser hydrates them
   once their code is there; they keep the form code and zod out of the page's first load. */
const ForgotPasswordForm = lazy(() =>
  import("../features/accounts/forgot-password-form.tsx").then((m) => ({
    default: m.ForgotPasswordForm,
  })),
);
const NewPasswordForm = lazy(() =>
  import("../features/accounts/new-password-form.tsx").then((m) => ({
    default: m.NewPasswordForm,
  })),
);

const screenGuards = guards("resetPassword");
export const middleware = screenGuards.middleware;
export const clientMiddleware = screenGuards.clientMiddleware;

const data = screenData("resetPassword");
export const loader = data.loader;
export const clientLoader = data.clientLoader;

export function meta({ loaderData }: Route.MetaArgs) {
  return screenMeta(loaderData);
}

/** Without `?token`: ask for a link. With it: choose the new password, then log in. */
export default function ResetPasswordScreen() {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const token = search.get("token");
  if (!token) {
    return (
      <div className="page page--narrow stack">
        <h1>{t("screens.resetPassword.heading")}</h1>
        <p className="lead">{t("accounts.reset.requestLead")}</p>
        <Suspense fallback={null}>
          <ForgotPasswordForm />
        </Suspense>
      </div>
    );
  }
  return (
    <div className="page page--narrow stack">
      <h1>{t("screens.resetPassword.heading")}</h1>
      <Suspense fallback={null}>
        <NewPasswordForm token={token} onNewLink={() => setSearch({}, { replace: true })} />
      </Suspense>
    </div>
  );
}
