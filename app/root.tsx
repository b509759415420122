import { Suspense, lazy, useEffect } from "react";
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
} from "react-router";
import { LOCALE_SETTINGS, localeOfPath } from "../common/i18n/locales.ts";
import type { UserStatus } from "../common/schemas/me.ts";
import type { Route } from "./+types/root";
import { ApiClient, memoryTokenStore } from "./lib/api/client.ts";
import { browserApi } from "./lib/api/browser-client.ts";
import { apiContext, statusContext } from "./lib/app-context.ts";
import { installChunkReload } from "./lib/chunk-reload.ts";
import { ErrorFallback } from "./lib/error-fallback.tsx";
import { TermsCheck } from "./features/accounts/terms-check.tsx";
import { Alternates, IdlePrefetch } from "./lib/head-extras.tsx";
import { useNonce } from "./lib/nonce.tsx";
import { requestContext } from "./lib/request-context.ts";
import { useRootData, type RootData } from "./lib/root-data.ts";
import { AppProviders } from "./lib/app-providers.tsx";
import { themeFromCookieHeader, type Theme } from "./lib/theme.ts";
import "./styles/base.css";
// The same file as base.css's latin face (one asset): preloaded, so it is there for the first paint.
import latinFont from "@fontsource-variable/atkinson-hyperlegible-next/files/atkinson-hyperlegible-next-latin-wght-normal.woff2?url";
import "./styles/shell.css";

export const THEME_COLOR = "#084C44";

/** Read by zod when it loads (before any module script runs): build no parsers with eval. */
const ZOD_JITLESS = "globalThis.__zod_globalConfig={jitless:true}";
/** The error page loads when an error is shown (the server renders it, the browser hydrates it). */
const ErrorPage = lazy(() => import("./lib/error-page.tsx").then((m) => ({ default: m.ErrorPage })));

/** The status schema, loaded only when responses are checked (zod stays out of the first load). */
const loadUserStatusSchema = () => import("../common/schemas/me.ts").then((m) => m.userStatusSchema);

/** Server: one API client per request over the in-process transport; the status, once. */
export const middleware: Route.MiddlewareFunction[] = [
  async ({ request, context }, next) => {
    const locale = localeOfPath(new URL(request.url).pathname);
    const api = new ApiClient({
      transport: context.get(requestContext).api,
      locale: () => locale,
      csrf: memoryTokenStore(),
    });
    context.set(apiContext, api);
    context.set(statusContext, await api.get<UserStatus>("/me/", { schema: loadUserStatusSchema }));
    return next();
  },
];

/** Browser: the status, once per client navigation (the `me` call does not move the loading bar). */
export const clientMiddleware: Route.ClientMiddlewareFunction[] = [
  async ({ context }, next) => {
    const api = browserApi();
    context.set(apiContext, api);
    context.set(statusContext, await api.get<UserStatus>("/me/", { schema: loadUserStatusSchema }));
    return next();
  },
];

export async function loader({ request, context }: Route.LoaderArgs): Promise<RootData> {
  const { devPages, origin } = context.get(requestContext);
  return {
    locale: localeOfPath(new URL(request.url).pathname),
    theme: themeFromCookieHeader(request.headers.get("cookie")),
    status: context.get(statusContext),
    devPages,
    origin,
  };
}

/** Settings that only the server knows, kept from the first render for client navigations. */
let serverSettings: Pick<RootData, "devPages" | "origin"> | null = null;

export async function clientLoader({ request, context }: Route.ClientLoaderArgs): Promise<RootData> {
  return {
    locale: localeOfPath(new URL(request.url).pathname),
    theme: themeFromCookieHeader(document.cookie),
    status: context.get(statusContext),
    devPages: serverSettings?.devPages ?? false,
    origin: serverSettings?.origin ?? window.location.origin,
  };
}

export function shouldRevalidate() {
  // The status can change on any navigation (login, logout, 2FA): always read it again.
  return true;
}

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRootData();
  const nonce = useNonce();
  const { pathname } = useLocation();
  if (typeof window !== "undefined" && data && !serverSettings) {
    serverSettings = { devPages: data.devPages, origin: data.origin };
  }
  // The path decides the language, also on error pages where no loader ran.
  const locale = localeOfPath(pathname);
  const theme: Theme = data?.theme ?? themeFromCookieHeader(typeof document === "undefined" ? null : document.cookie);
  return (
    <html lang={LOCALE_SETTINGS[locale].htmlLang} data-theme={theme}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content={THEME_COLOR} />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <link rel="manifest" href="/manifest.webmanifest" />
        <link rel="preload" as="font" type="font/woff2" href={latinFont} crossOrigin="anonymous" />
        {/* The CSP forbids eval: zod must not probe `new Function` (a CSP violation on every page). */}
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: ZOD_JITLESS }} />
        <Meta />
        <Links nonce={nonce} />
        {data ? <Alternates origin={data.origin} /> : null}
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
    installChunkReload();
    // Marks the document as interactive (end-to-end tests wait for it before clicking).
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return (
    <AppProviders>
      <Outlet />
      <TermsCheck />
      <IdlePrefetch />
    </AppProviders>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  // The fallback sits outside the providers and the lazily loaded error page: if either fails
  // (the error page's chunk does not load), a plain message with a link home shows (§8).
  return (
    <ErrorFallback>
      <AppProviders>
        <Suspense fallback={null}>
          <ErrorPage error={error} />
        </Suspense>
      </AppProviders>
    </ErrorFallback>
  );
}
