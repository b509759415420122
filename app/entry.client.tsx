import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nProvider } from "./lib/i18n-react.tsx";
import { HydratedRouter } from "react-router/dom";
import { localeOfPath } from "../common/i18n/locales.ts";
import { createI18n, loadMessages } from "./lib/i18n.ts";
import { NonceContext } from "./lib/nonce.tsx";

async function hydrate() {
  const locale = localeOfPath(window.location.pathname);
  const i18n = createI18n(locale, await loadMessages(locale));
  // Browsers hide the nonce attribute's value from the DOM but keep the `nonce` property; the
  // client renders the same value so that hydration matches the server's HTML.
  const nonce = document.querySelector<HTMLScriptElement>("script[nonce]")?.nonce || undefined;
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <NonceContext.Provider value={nonce}>
          <I18nProvider i18n={i18n}>
            <HydratedRouter />
          </I18nProvider>
        </NonceContext.Provider>
      </StrictMode>,
    );
  });
}

void hydrate();
