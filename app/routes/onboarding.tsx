import { useEffect, useState } from "react";
import { useTranslation } from "../lib/i18n-react.tsx";
import { Link, useNavigate } from "react-router";
import { CURRENT_CONSENT_VERSION } from "../../common/auth/consent.ts";
import { pathTo } from "../../common/routing/route-table.ts";
import { Notice } from "../components/alert.tsx";
import { Button, buttonClassName } from "../components/button.tsx";
import { Checkbox } from "../components/field.tsx";
import { ScreenIntro } from "../components/screen-intro.tsx";
import { browserApi } from "../lib/api/browser-client.ts";
import { ApiError } from "../lib/api/client.ts";
import { errorInfo, errorMessage } from "../lib/api/error-message.ts";
import { FormErrorSummary } from "../lib/form/form-error-summary.tsx";
import { readOnboardingRecord, writeOnboardingRecord } from "../lib/onboarding-record.ts";
import { guards, screenData, screenMeta } from "../lib/screen.ts";
import { useOnboardingCheck } from "../features/screening/use-onboarding-check.ts";
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
  useOnboardingCheck(locale);
  const [consent, setConsent] = useState(false);
  const [adult, setAdult] = useState(false);
  const [missing, setMissing] = useState(false);
  const [serverErrors, setServerErrors] = useState<Partial<Record<"consent" | "adult", string>>>({});
  const [attempt, setAttempt] = useState(0);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [started, setStarted] = useState(false);
  useEffect(() => setStarted(readOnboardingRecord() !== null), []);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setFailure(null);
    setServerErrors({});
    if (!consent || !adult) {
      // The summary (role=alert) announces what is missing, takes focus and links to each box.
      setMissing(true);
      setAttempt((n) => n + 1);
      return;
    }
    setBusy(true);
    try {
      const { token } = await browserApi().post(
        "/onboarding/",
        { consent: true, adult: true, consent_version: CURRENT_CONSENT_VERSION, locale },
        { schema: () => import("../../common/schemas/screening.ts").then((m) => m.onboardingResponse) },
      );
      writeOnboardingRecord({ token });
      await navigate(pathTo("screening", locale));
    } catch (error) {
      // A refusal of a box is shown on that box (an outdated consent text belongs to the consent).
      const fields = error instanceof ApiError ? error.fields : {};
      const onConsent = fields["body.consent"] ?? fields["body.consent_version"];
      const onAdult = fields["body.adult"];
      if (onConsent || onAdult) {
        setServerErrors({
          ...(onConsent ? { consent: t(`form.errors.${onConsent}`) } : {}),
          ...(onAdult ? { adult: t(`form.errors.${onAdult}`) } : {}),
        });
        if (onConsent) setConsent(false);
        if (onAdult) setAdult(false);
        setAttempt((n) => n + 1);
      } else setFailure(errorMessage(t, errorInfo(error)));
    } finally {
      setBusy(false);
    }
  }

  const consentError = serverErrors.consent ?? (missing && !consent ? t("form.errors.consent.required") : undefined);
  const adultError = serverErrors.adult ?? (missing && !adult ? t("form.errors.age.required") : undefined);
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
        <p>{t("screening.onboarding.statistics")}</p>
        <p className="muted">{t("screening.onboarding.notTreatment")}</p>
      </section>
      <form className="stack" noValidate onSubmit={(event) => void submit(event)}>
        <FormErrorSummary
          messages={[
            ...(consentError ? [{ field: "consent", message: consentError }] : []),
            ...(adultError ? [{ field: "adult", message: adultError }] : []),
          ]}
          formError={null}
          idFor={(field) => `onboarding-${field}`}
          attempt={attempt}
          labels={{ consent: t("screening.onboarding.consentShort"), adult: t("screening.onboarding.adultShort") }}
        />
        <Checkbox
          id="onboarding-consent"
          label={t("screening.onboarding.consent")}
          checked={consent}
          error={consentError}
          onChange={(event) => {
            setConsent(event.currentTarget.checked);
            setServerErrors((errors) => ({ ...errors, consent: undefined }));
          }}
        />
        <Checkbox
          id="onboarding-adult"
          label={t("screening.onboarding.adult")}
          checked={adult}
          error={adultError}
          onChange={(event) => {
            setAdult(event.currentTarget.checked);
            setServerErrors((errors) => ({ ...errors, adult: undefined }));
          }}
        />
        <div role="alert">{failure ? <Notice tone="danger">{failure}</Notice> : null}</div>
        <Button type="submit" variant="primary" size="lg" disabled={busy}>
          {t("screening.onboarding.start")}
        </Button>
      </form>
    </ScreenIntro>
  );
}
