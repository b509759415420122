import { useId } from "react";
import { Link } from "react-router";
import { useTranslation } from "../lib/i18n-react.tsx";
import { LOCALE_SETTINGS, type Locale } from "../../common/i18n/locales.ts";
import { getInstrument } from "../../common/instruments/registry.ts";
import { selfHarmOverBand } from "../../common/clinical/self-harm.ts";
import type { EvaluationHistory } from "../../common/schemas/screening.ts";
import "./history-chart.css";
import { dateTimeFormat } from "../../common/i18n/formatters.ts";
import { crisisPagePath } from "./get-help-now.tsx";

type Series = EvaluationHistory["series"][number];
type Point = Series["points"][number];

const WIDTH = 320;
const HEIGHT = 160;
const PAD = { left: 28, right: 8, top: 8, bottom: 20 };

/**
 * One instrument's scores over time as an SVG line over shaded bands, with a data table as the
 * text alternative (the chart's numbers are all in the table). Reusable: dashboard and profile.
 *
 * A point whose questionnaire had PHQ-9 item 9 above 0 is marked, in the chart and the table, and
 * the chart says where help is. On a mood (depression) chart its band's label is not shown: the
 * thoughts of death or self-harm weigh more than the points, as on the results (area-results.tsx).
 */
export function HistoryChart({ series, locale }: { series: Series; locale: Locale }) {
  const { t } = useTranslation();
  const id = useId();
  const instrument = getInstrument(series.instrument);
  const title = instrument.title[locale];
  const dates = dateTimeFormat(LOCALE_SETTINGS[locale].dateLocale, { dateStyle: "medium" });
  const innerW = WIDTH - PAD.left - PAD.right;
  const innerH = HEIGHT - PAD.top - PAD.bottom;
  const y = (score: number) => PAD.top + innerH - (score / series.max) * innerH;
  const times = series.points.map((p) => p.at);
  const first = Math.min(...times);
  const span = Math.max(...times) - first;
  const x = (at: number) => PAD.left + (span === 0 ? innerW / 2 : ((at - first) / span) * innerW);
  const bandLabel = (band: string) => instrument.bands.find((b) => b.id === band)?.label[locale] ?? band;
  const selfHarm = (point: Point) => selfHarmOverBand(point.crisis, series.area);
  const latest = series.points.at(-1);
  const summary = latest
    ? selfHarm(latest)
      ? t("screening.chart.summarySelfHarm", { title, count: series.points.length, score: latest.score, max: series.max })
      : t("screening.chart.summary", { title, count: series.points.length, score: latest.score, max: series.max, band: bandLabel(latest.band) })
    : title;
  const anyCrisis = series.points.some((p) => p.crisis);

  return (
    <figure className="card stack stack--sm" aria-labelledby={`${id}-caption`}>
      <figcaption id={`${id}-caption`}>
        <h3>{title}</h3>
      </figcaption>
      <svg className="history-chart" viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={summary}>
        {instrument.bands.map((band, index) => (
          <rect
            key={band.id}
            x={PAD.left}
            width={innerW}
            y={y(Math.min(series.max, band.max + (index === instrument.bands.length - 1 ? 0 : 1)))}
            height={Math.max(0, y(band.min) - y(Math.min(series.max, band.max + (index === instrument.bands.length - 1 ? 0 : 1))))}
            className={index % 2 === 0 ? "history-chart__band" : "history-chart__band history-chart__band--alt"}
          />
        ))}
        <line x1={PAD.left} x2={PAD.left} y1={PAD.top} y2={PAD.top + innerH} className="history-chart__axis" />
        <line x1={PAD.left} x2={PAD.left + innerW} y1={PAD.top + innerH} y2={PAD.top + innerH} className="history-chart__axis" />
        <text x={PAD.left - 4} y={y(series.max) + 4} textAnchor="end" className="history-chart__label">
          {series.max}
        </text>
        <text x={PAD.left - 4} y={y(0)} textAnchor="end" className="history-chart__label">
          0
        </text>
        {series.points.length > 1 ? (
          <polyline className="history-chart__line" points={series.points.map((p) => `${x(p.at)},${y(p.score)}`).join(" ")} />
        ) : null}
        {series.points.map((p, index) => (
          <g key={index}>
            <circle cx={x(p.at)} cy={y(p.score)} r={4} className="history-chart__point" />
            {p.crisis ? <circle cx={x(p.at)} cy={y(p.score)} r={7} className="history-chart__crisis" /> : null}
          </g>
        ))}
      </svg>
      {anyCrisis ? (
        <p className="history-chart__crisis-note">
          {t("screening.chart.crisisNote")}{" "}
          <Link to={crisisPagePath(locale)}>{t("crisis.now.action")}</Link>
        </p>
      ) : null}
      <details>
        <summary>{t("screening.chart.showTable")}</summary>
        {/* Scrolls on its own on a narrow phone rather than past the card; focusable so keys can scroll it. */}
        <div className="history-chart__table" role="region" aria-labelledby={`${id}-table`} tabIndex={0}>
          <table className="data-table">
            <caption id={`${id}-table`}>{t("screening.chart.tableCaption", { title })}</caption>
            <thead>
              <tr>
                <th scope="col">{t("screening.chart.date")}</th>
                <th scope="col">{t("screening.chart.score")}</th>
                <th scope="col">{t("screening.chart.band")}</th>
                <th scope="col">{t("screening.chart.source")}</th>
              </tr>
            </thead>
            <tbody>
              {series.points.map((p, index) => (
                <tr key={index}>
                  <td>{dates.format(new Date(p.at * 1000))}</td>
                  <td>{t("screening.score", { score: p.score, max: series.max })}</td>
                  <td>
                    {selfHarm(p) ? null : bandLabel(p.band)}
                    {p.crisis && !selfHarm(p) ? <br /> : null}
                    {p.crisis ? t("screening.chart.selfHarm") : null}
                  </td>
                  <td>{t(`screening.chart.from.${p.source}`)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
