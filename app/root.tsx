import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  isRouteErrorResponse,
  useRouteLoaderData,
} from "react-router";
import { LOCALE_SETTINGS, localeOfPath } from "../common/i18n/locales.ts";
import type { Route } from "./+types/root";
import { useNonce } from "./lib/nonce.tsx";
import { themeFromCookieHeader, type Theme } from "./lib/theme.ts";
import "./styles/app.css";

export const THEME_COLOR = "#084C44";

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  return {
    locale: localeOfPath(url.pathname),
    theme: themeFromCookieHeader(request.headers.get("cookie")),
  };
}

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  const nonce = useNonce();
  const locale = data?.locale ?? "sv";
  const theme: Theme = data?.theme ?? "green";
  return (
    <html lang={LOCALE_SETTINGS[locale].htmlLang} data-theme={theme}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content={THEME_COLOR} />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <Meta />
        <Links nonce={nonce} />
      </head>
      <body>
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  useEffect(() => {
    // Marks the document as interactive (end-to-end tests wait for it before clicking).
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { t } = useTranslation();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <main className="page">
      <h1>{notFound ? t("app.name") : t("app.name")}</h1>
    </main>
  );
}
