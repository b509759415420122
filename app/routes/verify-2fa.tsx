import { useEffect, useRef, useState } from "react";
import { useTranslation } from "../lib/i18n-react.tsx";
import { Link, useNavigate } from "react-router";
import { z } from "zod";
import { pathTo } from "../../common/routing/route-table.ts";
import { statusResponse } from "../../common/schemas/accounts.ts";
import { Button } from "../components/button.tsx";
import { CodeField } from "../features/accounts/code-field.tsx";
import { secondFactorField, totpCodeField } from "../features/accounts/form-schemas.ts";
import { useFocusHeading } from "../features/accounts/use-focus-heading.ts";
import { useFormIds } from "../features/accounts/use-form-ids.ts";
import { browserApi } from "../lib/api/browser-client.ts";
import { FormShell, textField } from "../lib/form/form-shell.tsx";
import { useForm } from "../lib/form/use-form.ts";
import { guards, screenData, screenMeta } from "../lib/screen.ts";
import type { Route } from "./+types/verify-2fa";
import { LOGOUT_CONFIRMED } from "../features/accounts/logout-state.ts";

const screenGuards = guards("verify2fa");
export const middleware = screenGuards.middleware;
export const clientMiddleware = screenGuards.clientMiddleware;

const data = screenData("verify2fa");
export const loader = data.loader;
export const clientLoader = data.clientLoader;

export function meta({ loaderData }: Route.MetaArgs) {
  return screenMeta(loaderData);
}

const appCodeForm = z.strictObject({ code: totpCodeField });
const recoveryCodeForm = z.strictObject({ code: secondFactorField });

/**
 * The second step of logging in: the code from the authenticator app, or one of the recovery
 * codes when the phone is not at hand. A way out: log out.
 */
export default function Verify2faScreen({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { locale } = loaderData;
  const heading = useFocusHeading();
  const [recovery, setRecovery] = useState(false);
  const [switched, setSwitched] = useState(false);
  return (
    <div className="stack">
      <h1 ref={heading} tabIndex={-1}>
        {t("screens.verify2fa.heading")}
      </h1>
      <p className="lead">
        {recovery ? t("accounts.verify2fa.recoveryLead") : t("screens.verify2fa.description")}
      </p>
      {/* A new form when switching: its own rules, errors and the right keyboard and autofill. */}
      <VerifyForm
        key={recovery ? "recovery" : "app"}
        recovery={recovery}
        locale={locale}
        focus={switched}
      />
      <div className="stack stack--sm">
        <p>{recovery ? t("accounts.verify2fa.appAgain") : t("accounts.verify2fa.noPhone")}</p>
        <div>
          <Button
            variant="secondary"
            onClick={() => {
              setRecovery((value) => !value);
              setSwitched(true);
            }}
          >
            {recovery ? t("accounts.verify2fa.useApp") : t("accounts.verify2fa.useRecovery")}
          </Button>
        </div>
      </div>
      <p>
        <Link to={pathTo("logout", locale)} state={LOGOUT_CONFIRMED}>
          {t("accounts.verify2fa.logout")}
        </Link>
      </p>
    </div>
  );
}

function VerifyForm({
  recovery,
  locale,
  focus,
}: {
  recovery: boolean;
  locale: Route.ComponentProps["loaderData"]["locale"];
  focus: boolean;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const idFor = useFormIds();
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (focus) input.current?.focus();
  }, [focus]);
  const form = useForm({
    schema: recovery ? recoveryCodeForm : appCodeForm,
    initial: { code: "" },
    onSubmit: async ({ code }) => {
      await browserApi().post("/twofa/verify/", { code }, { schema: statusResponse });
      await navigate(pathTo("dashboard", locale));
    },
  });
  return (
    <FormShell form={form} idFor={idFor} className="stack stack--md" submitLabel={t("accounts.verify2fa.submit")}>
      {recovery ? (
        <CodeField
          {...textField(form, idFor, "code")}
          ref={input}
          label={t("accounts.verify2fa.recoveryLabel")}
          hint={t("accounts.verify2fa.recoveryHint")}
          inputMode="text"
          autoComplete="off"
        />
      ) : (
        <CodeField {...textField(form, idFor, "code")} ref={input} />
      )}
    </FormShell>
  );
}
