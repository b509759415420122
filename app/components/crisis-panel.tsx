import type { Locale } from "../../common/i18n/locales.ts";
import { crisisInfo } from "../../common/safety/crisis-lines.ts";

/**
 * The crisis information for the page's language: a calm message, the emergency number and the
 * crisis lines as tap-to-call links, advice to contact healthcare, and that this is not an
 * emergency service.
 */
export function CrisisPanel({ locale, headingId, headingLevel = 2 }: { locale: Locale; headingId?: string; headingLevel?: 1 | 2 }) {
  const info = crisisInfo[locale];
  const Heading = headingLevel === 1 ? "h1" : "h2";
  return (
    <section className="crisis-panel" aria-labelledby={headingId}>
      <Heading id={headingId} className="crisis-panel__heading">
        {info.heading}
      </Heading>
      <p>{info.message}</p>
      <ul className="crisis-panel__lines">
        <li>
          <a className="crisis-panel__number" href={`tel:${info.emergency.tel}`}>
            <span className="crisis-panel__name">{info.emergency.label}</span>
            <span className="crisis-panel__digits">{info.emergency.number}</span>
          </a>
        </li>
        {info.lines.map((line) => (
          <li key={line.name}>
            <a className="crisis-panel__number" href={`tel:${line.tel}`}>
              <span className="crisis-panel__name">{line.name}</span>
              <span className="crisis-panel__digits">{line.number}</span>
            </a>
            <p className="crisis-panel__description">{line.description}</p>
          </li>
        ))}
      </ul>
      <p>{info.healthcareAdvice}</p>
      <p className="muted">{info.notEmergencyService}</p>
    </section>
  );
}

/** Tests and callers read the numbers without rendering. */
export function crisisNumbers(locale: Locale): string[] {
  const info = crisisInfo[locale];
  return [info.emergency.number, ...info.lines.map((l) => l.number)];
}
