import { useEffect, useState } from "react";
import { useTranslation } from "../lib/i18n-react.tsx";
import { Link, useNavigate } from "react-router";
import { pathTo } from "../../common/routing/route-table.ts";
import { Notice } from "../components/alert.tsx";
import { Button, buttonClassName } from "../components/button.tsx";
import { Checkbox } from "../components/field.tsx";
import { ScreenIntro } from "../components/screen-intro.tsx";
import { browserApi } from "../lib/api/browser-client.ts";
import { errorInfo, errorMessage } from "../lib/api/error-message.ts";
import { FormErrorSummary } from "../lib/form/form-error-summary.tsx";
import { readOnboardingRecord, writeOnboardingRecord } from "../lib/onboarding-record.ts";
import { guards, screenData, screenMeta } from "../lib/screen.ts";
import type { Route } from "./+types/onboarding";

const screenGuards = guards("onboarding");
export const middleware = screenGuards.middleware;
export const clientMiddleware = screenGuards.clientMiddleware;

const data = screenData("onboarding");
export const loader = data.loader;
export const clientLoader = data.clientLoader;

export function meta({ loaderData }: Route.MetaArgs) {
  return screenMeta(loaderData);
}

/** What the screening is, what is stored, why and for how long; consent gives the local record. */
export default function OnboardingScreen({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { locale } = loaderData;
  const navigate = useNavigate();
  const [consent, setConsent] = useState(false);
  const [missing, setMissing] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [started, setStarted] = useState(false);
  useEffect(() => setStarted(readOnboardingRecord() !== null), []);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setFailure(null);
    if (!consent) {
      // The summary (role=alert) announces the missing consent, takes focus and links to the box.
      setMissing(true);
      setAttempt((n) => n + 1);
      return;
    }
    setBusy(true);
    try {
      const { token } = await browserApi().post("/onboarding/", { consent: true, locale }, { schema: () => import("../../common/schemas/screening.ts").then((m) => m.onboardingResponse) });
      writeOnboardingRecord({ token });
      await navigate(pathTo("screening", locale));
    } catch (error) {
      setFailure(errorMessage(t, errorInfo(error)));
    } finally {
      setBusy(false);
    }
  }

  return (
    <ScreenIntro id="onboarding">
      {started ? (
        <Notice tone="info">
          <p>{t("screening.onboarding.started")}</p>
          <Link className={buttonClassName("secondary")} to={pathTo("screening", locale)}>
            {t("screening.onboarding.continue")}
          </Link>
        </Notice>
      ) : null}
      <section className="stack stack--sm" aria-labelledby="onboarding-what">
        <h2 id="onboarding-what">{t("screening.onboarding.whatHeading")}</h2>
        <p>{t("screening.onboarding.what")}</p>
      </section>
      <section className="stack stack--sm" aria-labelledby="onboarding-stored">
        <h2 id="onboarding-stored">{t("screening.onboarding.storedHeading")}</h2>
        <p>{t("screening.onboarding.stored")}</p>
        <p>{t("screening.onboarding.why")}</p>
        <p>{t("screening.onboarding.howLong")}</p>
        <p className="muted">{t("screening.onboarding.notTreatment")}</p>
      </section>
      <form className="stack" noValidate onSubmit={(event) => void submit(event)}>
        <FormErrorSummary
          messages={missing && !consent ? [{ field: "consent", message: t("form.errors.consent.required") }] : []}
          formError={null}
          idFor={() => "onboarding-consent"}
          attempt={attempt}
        />
        <Checkbox
          id="onboarding-consent"
          label={t("screening.onboarding.consent")}
          checked={consent}
          error={missing && !consent ? t("form.errors.consent.required") : undefined}
          onChange={(event) => setConsent(event.currentTarget.checked)}
        />
        <div role="alert">{failure ? <Notice tone="danger">{failure}</Notice> : null}</div>
        <Button type="submit" variant="primary" size="lg" disabled={busy}>
          {t("screening.onboarding.start")}
        </Button>
      </form>
    </ScreenIntro>
  );
}
