import { Notice } from "../../components/alert.tsx";
import { Button } from "../../components/button.tsx";
import { browserApi } from "../../lib/api/browser-client.ts";
import { useTranslation } from "../../lib/i18n-react.tsx";

/**
 * Said under a course questionnaire whose answers show the crisis panel when sending them found
 * the session ended: instead of the forced logout's page load, which would take the help away
 * (clinical.md), the page stays and says why nothing was sent. The person logs out when they
 * choose; the answers are kept for the tab and come back after logging in again.
 */
export function SessionEndedWithHelp() {
  const { t } = useTranslation();
  return (
    <Notice tone="warning" role="alert">
      <p>{t("course.sessionEndedWithHelp")}</p>
      <p>
        <Button variant="secondary" onClick={() => void browserApi().options.onLogout?.()}>
          {t("course.logInAgain")}
        </Button>
      </p>
    </Notice>
  );
}
