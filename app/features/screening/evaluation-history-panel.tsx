import { useTranslation } from "../../lib/i18n-react.tsx";
import type { Locale } from "../../../common/i18n/locales.ts";
import { HistoryChart } from "../../components/history-chart.tsx";
import { browserApi } from "../../lib/api/browser-client.ts";
import { LoadFailed } from "./load-failed.tsx";
import { useApiData } from "./use-api-data.ts";

/** The logged-in user's evaluation history: one chart per questionnaire. */
export function EvaluationHistoryPanel({ locale }: { locale: Locale }) {
  const { t } = useTranslation();
  const { result, retry } = useApiData("evaluation history", () => browserApi().get("/me/evaluation-history/", { schema: () => import("../../../common/schemas/screening.ts").then((m) => m.evaluationHistoryResponse) }));
  return (
    <section className="stack" aria-labelledby="history-heading">
      <h2 id="history-heading">{t("screening.history.heading")}</h2>
      {result.state === "loading" ? <p role="status">{t("screening.loading")}</p> : null}
      {result.state === "failed" ? <LoadFailed onRetry={retry} /> : null}
      {result.state === "ready" && result.data.series.length === 0 ? <p>{t("screening.history.empty")}</p> : null}
      {result.state === "ready" ? result.data.series.map((series) => <HistoryChart key={series.instrument} series={series} locale={locale} />) : null}
    </section>
  );
}
