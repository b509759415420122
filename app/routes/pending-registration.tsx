import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import { Notice } from "../components/alert.tsx";
import { Button } from "../components/button.tsx";
import { TextField } from "../components/field.tsx";
import { emailForm } from "../features/accounts/form-schemas.ts";
import { useFocusHeading } from "../features/accounts/use-focus-heading.ts";
import { useFormIds } from "../features/accounts/use-form-ids.ts";
import { browserApi } from "../lib/api/browser-client.ts";
import { FormErrorSummary } from "../lib/form/form-error-summary.tsx";
import { useForm } from "../lib/form/use-form.ts";
import { guards, screenData, screenMeta } from "../lib/screen.ts";
import type { Route } from "./+types/pending-registration";

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
export default function PendingRegistrationScreen({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { locale } = loaderData;
  const location = useLocation();
  const heading = useFocusHeading();
  const idFor = useFormIds();
  const known = (location.state as { email?: unknown } | null)?.email;
  const stateEmail = typeof known === "string" ? known : null;
  const [resentTo, setResentTo] = useState<string | null>(null);
  const form = useForm({
    schema: emailForm,
    initial: { email: stateEmail ?? "" },
    onSubmit: async ({ email }) => {
      setResentTo(null);
      await browserApi().post("/coderequest", { email, locale });
      setResentTo(email);
    },
  });
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
        <form
          className="stack stack--md"
          noValidate
          onSubmit={(event) => void form.handleSubmit(event)}
        >
          <FormErrorSummary
            messages={form.messages}
            formError={form.formError}
            idFor={idFor}
            attempt={form.submitCount}
          />
          {stateEmail ? null : (
            <TextField
              id={idFor("email")}
              label={t("accounts.fields.email")}
              type="email"
              autoComplete="email"
              inputMode="email"
              value={form.values.email}
              error={form.errors.email}
              onChange={(event) => form.setValue("email", event.target.value)}
            />
          )}
          <div>
            <Button type="submit" variant="secondary" busy={form.submitting}>
              {t("accounts.pending.sendAgain")}
            </Button>
          </div>
        </form>
        <div role="status">
          {resentTo ? (
            <Notice tone="success">
              <p>{t("accounts.pending.resent", { email: resentTo })}</p>
            </Notice>
          ) : null}
        </div>
      </section>
    </div>
  );
}
