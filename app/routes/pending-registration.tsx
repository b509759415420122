import { Suspense, lazy } from "react";
import { useTranslation } from "../lib/i18n-react.tsx";
import { useLocation } from "react-router";
import { useFocusHeading } from "../features/accounts/use-focus-heading.ts";
import { guards, screenData, screenMeta } from "../lib/screen.ts";
import type { Route } from "./+types/pending-registration";

/* The form to send the link again loads beside the page (React.lazy): rendered by the server,
   hydrated once its code is there. */
const ResendCodeForm = lazy(() =>
  import("../features/accounts/resend-code-form.tsx").then((m) => ({ default: m.ResendCodeForm })),
);

const screenGuards = guards("pendingRegistration");
export const middleware = screenGuards.middleware;
export const clientMiddleware = screenGuards.clientMiddleware;

const data = screenData("pendingRegistration");
export const loader = data.loader;
export const clientLoader = data.clientLoader;

export function meta({ loaderData }: Route.MetaArgs) {
  return screenMeta(loaderData);
}

/**
 * "Check your inbox": the address comes from the register dialog in navigation state (never the
 * URL or storage). "Send again" asks for a new link; without the address it asks for it.
 */
export default function PendingRegistrationScreen(_props: Route.ComponentProps) {
  const { t } = useTranslation();
  const location = useLocation();
  const heading = useFocusHeading();
  const known = (location.state as { email?: unknown } | null)?.email;
  const stateEmail = typeof known === "string" ? known : null;
  return (
    <div className="page page--narrow stack">
      <h1 ref={heading} tabIndex={-1}>
        {t("screens.pendingRegistration.heading")}
      </h1>
      <p className="lead">
        {stateEmail
          ? t("accounts.pending.sentTo", { email: stateEmail })
          : t("accounts.pending.sent")}
      </p>
      <ul className="stack stack--sm">
        <li>{t("accounts.pending.open")}</li>
        <li>{t("accounts.pending.validity")}</li>
        <li>{t("accounts.pending.spam")}</li>
      </ul>
      <section className="card stack stack--md" aria-labelledby="pending-again">
        <h2 id="pending-again">{t("accounts.pending.againHeading")}</h2>
        <p>{t("accounts.pending.againText")}</p>
        <Suspense fallback={null}>
          <ResendCodeForm stateEmail={stateEmail} />
        </Suspense>
      </section>
    </div>
  );
}
