import type { TFunction } from "./i18n.ts";
import { data, redirect, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import {
  chooseLocale,
  localeFromAcceptLanguage,
  localeFromCookieHeader,
} from "../../common/i18n/language-choice.ts";
import { localeOfPath, type Locale } from "../../common/i18n/locales.ts";
import { decideScreen, type OnboardingRecord } from "../../common/routing/guards.ts";
import { pathTo, screen, type ScreenId } from "../../common/routing/route-table.ts";
import type { UserStatus } from "../../common/schemas/me.ts";
import type { ApiClient } from "./api/client.ts";
import { apiContext, statusContext } from "./app-context.ts";
import { i18nFor } from "./i18n.ts";
import { readOnboardingRecord, removeOnboardingRecord } from "./onboarding-record.ts";
import { requestContext } from "./request-context.ts";

type ClientMiddleware = MiddlewareFunction<Record<string, unknown>>;
type ServerMiddleware = MiddlewareFunction<Response>;

function target(id: ScreenId, locale: Locale, query?: Record<string, string>): string {
  const path = pathTo(id, locale);
  return query ? `${path}?${new URLSearchParams(query).toString()}` : path;
}

/** The home page follows the saved language even when the prefix differs (§4). */
function homeLanguageRedirect(url: URL, cookieHeader: string | null, acceptLanguage: string | null): string | null {
  const chosen = chooseLocale({
    pathname: url.pathname,
    isHome: true,
    cookie: localeFromCookieHeader(cookieHeader),
    acceptLanguage: localeFromAcceptLanguage(acceptLanguage),
  });
  return chosen === localeOfPath(url.pathname) ? null : `${pathTo("home", chosen)}${url.search}`;
}

/** Asks the server whether the stored onboarding token is still valid (§2). */
export async function onboardingState(api: ApiClient): Promise<OnboardingRecord> {
  const record = readOnboardingRecord();
  if (!record) return "none";
  try {
    await api.post("/onboarding/valid", { token: record.token });
    return "valid";
  } catch {
    return "invalid";
  }
}

/** Where a guard's redirect goes, in the language of the page that was asked for. */
export function redirectTarget(outcome: { to: ScreenId; query?: Record<string, string> }, locale: Locale): string {
  return target(outcome.to, locale, outcome.query);
}

/**
 * The guards of a screen as route middleware: `middleware` for server rendering,
 * `clientMiddleware` for client navigations. Both read the status the root middleware fetched
 * and ask the one decision function (common/routing/guards.ts).
 */
export function guards(id: ScreenId): { middleware: ServerMiddleware[]; clientMiddleware: ClientMiddleware[] } {
  const { guards: list } = screen(id);
  const needsRecord = list.includes("onboarding") || list.includes("screening");
  return {
    middleware: [
      async ({ request, context }, next) => {
        const url = new URL(request.url);
        if (id === "home") {
          const to = homeLanguageRedirect(url, request.headers.get("cookie"), request.headers.get("accept-language"));
          if (to) throw redirect(to, { headers: { Vary: "Cookie, Accept-Language" } });
        }
        const outcome = decideScreen(id, {
          status: context.get(statusContext),
          search: url.searchParams,
          onboarding: "unknown",
          devPages: context.get(requestContext).devPages,
        });
        if (outcome.kind === "notFound") throw data(null, { status: 404 });
        if (outcome.kind === "redirect") throw redirect(target(outcome.to, localeOfPath(url.pathname), outcome.query));
        return next();
      },
    ],
    clientMiddleware: [
      async ({ request, context }, next) => {
        const url = new URL(request.url);
        if (id === "home") {
          const to = homeLanguageRedirect(url, document.cookie, navigator.languages.join(","));
          if (to) throw redirect(to);
        }
        const status = context.get(statusContext);
        // The development pages' 404 is the server's to give (the browser does not know the setting).
        const outcome = decideScreen(id, {
          status,
          search: url.searchParams,
          onboarding: needsRecord && !status.logged_in ? await onboardingState(context.get(apiContext)) : "none",
          devPages: true,
        });
        if (outcome.kind === "redirect") {
          if (outcome.clearOnboarding) removeOnboardingRecord();
          throw redirect(target(outcome.to, localeOfPath(url.pathname), outcome.query));
        }
        return next();
      },
    ],
  };
}

export interface ScreenDataArgs {
  api: ApiClient;
  status: UserStatus;
  locale: Locale;
  params: Record<string, string | undefined>;
  url: URL;
  t: TFunction;
}

export interface ScreenData {
  /** The document title of the screen. */
  title: string;
  locale: Locale;
}

interface LoaderArgs {
  request: Request;
  params: Record<string, string | undefined>;
  context: Readonly<RouterContextProvider>;
}

/**
 * One data function for a screen, run as the server `loader` (in-process API transport) and as
 * the `clientLoader` (fetch) on client navigations: the same API, the same rules.
 */
export function screenData<T extends object>(
  id: ScreenId,
  fn: (args: ScreenDataArgs) => Promise<T> = async () => ({}) as T,
) {
  async function run({ request, params, context }: LoaderArgs): Promise<T & ScreenData> {
    const url = new URL(request.url);
    const locale = localeOfPath(url.pathname);
    const i18n = await i18nFor(locale);
    const t = i18n.t.bind(i18n);
    const result = await fn({
      api: context.get(apiContext),
      status: context.get(statusContext),
      locale,
      params,
      url,
      t,
    });
    const own = "title" in result && typeof result.title === "string" ? result.title : t(`screens.${id}.title`);
    const title = id === "home" ? t("app.title") : `${own} – ${t("app.name")}`;
    const description = t(`screens.${id}.description`);
    return { ...result, title, description, locale };
  }
  return { loader: run, clientLoader: run };
}

/** The document title and description of a screen from its loader data. */
export function screenMeta(data: (ScreenData & { description?: string }) | undefined) {
  if (!data) return [];
  return [{ title: data.title }, { name: "description", content: data.description ?? "" }];
}
