import type { Locale } from "../../common/i18n/locales.ts";
import { crisisInfo, type CrisisGroup } from "../../common/safety/crisis-lines.ts";
import { useTranslation } from "../lib/i18n-react.tsx";

/**
 * Why the panel is shown, which decides its first words: `answer` right after the person said
 * they have thoughts of self-harm (PHQ-9 item 9), `help` behind the "need help now?" link,
 * `contact` on the contact page (where nobody has said anything yet).
 */
export type CrisisContext = "answer" | "help" | "contact";

/** Web addresses named in a line's description ("chatta (mind.se)") become links. */
const WEB_ADDRESS = /\b((?:[a-z0-9-]+\.)+(?:se|no|dk|org|com|net|uk|ie))\b/gi;

function withLinks(text: string): React.ReactNode[] {
  return text.split(WEB_ADDRESS).map((part, i) =>
    i % 2 === 1 ? (
      <a key={i} href={`https://${part.toLowerCase()}`} rel="noopener">
        {part}
      </a>
    ) : (
      part
    ),
  );
}

function Lines({ group }: { group: CrisisGroup }) {
  return (
    <ul className="crisis-panel__lines">
      <li>
        <a className="crisis-panel__number" href={`tel:${group.emergency.tel}`}>
          <span className="crisis-panel__name">{group.emergency.label}</span>
          <span className="crisis-panel__digits">{group.emergency.number}</span>
        </a>
      </li>
      {group.lines.map((line) => (
        <li key={line.id}>
          <a className="crisis-panel__number" href={`tel:${line.tel}`}>
            <span className="crisis-panel__name">{line.name}</span>
            <span className="crisis-panel__digits">{line.number}</span>
          </a>
          <p className="crisis-panel__description">{withLinks(line.description)}</p>
        </li>
      ))}
    </ul>
  );
}

/**
 * The crisis information for the page's language: a calm opening that fits why it is shown, the
 * emergency number and the crisis lines as tap-to-call links (English: Sweden's, Norway's and
 * Denmark's first, each under its country, then the UK/Ireland and US lines), advice to contact
 * healthcare, that this is not an emergency service, and when the numbers were last checked
 * (common/safety/crisis-numbers.ts).
 */
export function CrisisPanel({
  locale,
  context,
  headingId,
  headingLevel = 2,
}: {
  locale: Locale;
  context: CrisisContext;
  headingId?: string;
  headingLevel?: 1 | 2;
}) {
  const { t } = useTranslation();
  const info = crisisInfo[locale];
  const Heading = headingLevel === 1 ? "h1" : "h2";
  const GroupHeading = headingLevel === 1 ? "h2" : "h3";
  return (
    <section className="crisis-panel" aria-labelledby={headingId}>
      <Heading id={headingId} className="crisis-panel__heading">
        {info.heading}
      </Heading>
      <p>{context === "answer" ? info.message : context === "help" ? t("crisis.opening.help") : t("crisis.opening.contact")}</p>
      {info.groups.map((group) =>
        group.heading ? (
          <div key={group.region} className="crisis-panel__group">
            <GroupHeading className="crisis-panel__country">{group.heading}</GroupHeading>
            <Lines group={group} />
          </div>
        ) : (
          <Lines key={group.region} group={group} />
        ),
      )}
      <p>{info.healthcareAdvice}</p>
      <p className="muted">{info.notEmergencyService}</p>
      <p className="muted crisis-panel__verified">{info.verified}</p>
    </section>
  );
}
