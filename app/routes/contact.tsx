import { Suspense, lazy } from "react";
import { useTranslation } from "../lib/i18n-react.tsx";
import { Notice } from "../components/alert.tsx";
import { Card } from "../components/card.tsx";
import { CrisisPanel } from "../components/crisis-panel.tsx";
import { guards, screenData, screenMeta } from "../lib/screen.ts";
import type { Route } from "./+types/contact";
// The form's styles with the page's, not with the form's code: the server renders the form, and a
// stylesheet imported only by the lazy form came with its code after the first paint (the choice
// of message or safety report drawn unstyled, then moving; tests/e2e/accessibility.e2e.ts).
import "../features/contact/contact.css";

/* The form loads beside the page (React.lazy): rendered by the server, hydrated once its code is
   there; the form code and zod stay out of the page's first load. */
const ContactForm = lazy(() =>
  import("../features/contact/contact-form.tsx").then((m) => ({ default: m.ContactForm })),
);

const screenGuards = guards("contact");
export const middleware = screenGuards.middleware;
export const clientMiddleware = screenGuards.clientMiddleware;

/** Visitors may write too (the route has no guard); a user's address is filled in. */
const data = screenData("contact", async ({ status }) => ({
  email: status.user_data?.email ?? null,
}));
export const loader = data.loader;
export const clientLoader = data.clientLoader;

export function meta({ loaderData }: Route.MetaArgs) {
  return screenMeta(loaderData);
}

export default function ContactScreen({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { locale, email } = loaderData;
  return (
    <div className="page stack contact">
      <div className="stack stack--md">
        <h1>{t("screens.contact.heading")}</h1>
        <p className="lead">{t("contact.intro")}</p>
        <p>{t("contact.safetyIntro")}</p>
      </div>
      <Notice tone="warning" title={t("contact.notEmergencyTitle")}>
        <p>{t("contact.notEmergency")}</p>
      </Notice>
      <Card as="div" tone="soft">
        <CrisisPanel locale={locale} context="contact" headingId="contact-crisis" />
      </Card>
      <Card className="stack">
        <Suspense fallback={null}>
          <ContactForm locale={locale} email={email} />
        </Suspense>
      </Card>
    </div>
  );
}
