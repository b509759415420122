import { useTranslation } from "../../lib/i18n-react.tsx";
import type { Locale } from "../../../common/i18n/locales.ts";
import { getInstrument } from "../../../common/instruments/registry.ts";
import { selfHarmOverBand } from "../../../common/clinical/self-harm.ts";
import type { AreaResult } from "../../../common/schemas/screening.ts";
import "./screening.css";

/**
 * Each area's result: the band in words first, what it means, then the score as a bar with the
 * numbers also in text. Neutral colours: never red for a person's result. After PHQ-9 item 9 above
 * 0 (`crisis`) the mood area never says what its band alone would ("not affecting you much"), in
 * its label or its explanation: the thoughts of death or self-harm weigh more than the points.
 */
export function AreaResults({
  areas,
  locale,
  headingLevel = 3,
  crisis = false,
}: {
  areas: readonly AreaResult[];
  locale: Locale;
  headingLevel?: 2 | 3;
  crisis?: boolean;
}) {
  const { t } = useTranslation();
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <ul className="area-results">
      {areas.map((result) => {
        const instrument = getInstrument(result.instrument);
        const band = instrument.bands.find((b) => b.id === result.band);
        const share = result.max > 0 ? result.score / result.max : 0;
        const scoreText = t("screening.score", { score: result.score, max: result.max });
        // The thoughts of death or self-harm weigh more than the points: no band's words, its label neither.
        const selfHarm = selfHarmOverBand(crisis, result.area);
        return (
          <li key={result.area} className="card area-result stack stack--sm">
            <Heading id={`area-${result.area}`}>{t(`screening.area.${result.area}`)}</Heading>
            {selfHarm ? null : <p className="area-result__band">{band?.label[locale] ?? result.band}</p>}
            <svg className="area-result__bar" viewBox="0 0 100 8" preserveAspectRatio="none" aria-hidden="true" focusable="false">
              <rect x="0" y="0" width="100" height="8" rx="4" className="area-result__track" />
              <rect x="0" y="0" width={Math.max(2, share * 100)} height="8" rx="4" className={`area-result__fill area-result__fill--${result.severity}`} />
            </svg>
            <p className="muted">
              {scoreText} · {instrument.title[locale]}
            </p>
            {selfHarm ? <p>{t("screening.selfHarmMeaning")}</p> : band ? <p>{band.meaning[locale]}</p> : null}
          </li>
        );
      })}
    </ul>
  );
}
