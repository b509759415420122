import { useTranslation } from "../../lib/i18n-react.tsx";
import type { Locale } from "../../../common/i18n/locales.ts";
import { browserApi } from "../../lib/api/browser-client.ts";
import { useApiData } from "./use-api-data.ts";
import { numberFormat } from "../../../common/i18n/formatters.ts";

/** "How others answered": an hourly snapshot, only bands of at least 50 people (server ADR 015). */
export function ScreeningStats({ locale }: { locale: Locale }) {
  const { t } = useTranslation();
  // The questionnaires' band labels (all four languages) load with the figures, not with the page.
  const { result } = useApiData("screening stats", async () => {
    const [stats, instruments] = await Promise.all([
      browserApi().get("/screening/stats/", { schema: () => import("../../../common/schemas/screening.ts").then((m) => m.screeningStatsResponse) }),
      import("../../../common/instruments/registry.ts"),
    ]);
    return { areas: stats.areas, getInstrument: instruments.getInstrument };
  });
  if (result.state !== "ready" || result.data.areas.length === 0) return null;
  const { getInstrument } = result.data;
  const percent = numberFormat(locale === "no" ? "nb" : locale, { style: "percent" });
  return (
    <section className="stack stack--sm" aria-labelledby="others-heading">
      <h2 id="others-heading">{t("screening.others.heading")}</h2>
      <p className="muted">{t("screening.others.text")}</p>
      {result.data.areas.map((area) => {
        const instrument = getInstrument(area.instrument);
        return (
          <div key={area.area} className="stack stack--sm">
            <h3>{t(`screening.area.${area.area}`)}</h3>
            <ul className="stats-list">
              {area.bands.map((band) => (
                <li key={band.band}>
                  {instrument.bands.find((b) => b.id === band.band)?.label[locale] ?? band.band}: {percent.format(band.count / area.total)}
                </li>
              ))}
            </ul>
          </div>
        );
      })}
    </section>
  );
}
