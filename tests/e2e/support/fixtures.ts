import { readFileSync } from "node:fs";
import path from "node:path";
import type { Browser, BrowserContext } from "playwright-core";
import { LOCALE_SETTINGS, type Locale } from "../../../common/i18n/locales.ts";
import { baseUrl } from "./browser.ts";

type Tree = { [key: string]: string | Tree };

/** A message of the app, read from the message files (tests assert what users see). */
export function message(locale: Locale, key: string): string {
  const file = path.resolve("common/i18n/locales", `${LOCALE_SETTINGS[locale].messages}.json`);
  let node: string | Tree = JSON.parse(readFileSync(file, "utf8")) as Tree;
  for (const part of key.split(".")) {
    if (typeof node === "string" || !(part in node)) throw new Error(`no message ${key} in ${locale}`);
    node = node[part] as string | Tree;
  }
  if (typeof node !== "string") throw new Error(`${key} is not a message`);
  return node;
}

/** A CSRF cookie + token pair from the running server. */
export async function csrf(base = baseUrl()): Promise<{ cookie: string; token: string }> {
  const response = await fetch(`${base}/api/v1/csrftoken/`);
  const cookie = (response.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
  const { csrfToken } = (await response.json()) as { csrfToken: string };
  return { cookie, token: csrfToken };
}

export interface SessionOptions {
  verified?: boolean;
  twofa?: boolean;
  base?: string;
  /** False: the user has not accepted the current terms. */
  terms?: boolean;
  /** A password for the user (calls that ask for it again). */
  password?: string;
  /** Another session for this existing user (a second device). */
  userId?: string;
  /** A completed light screening (a course can be started, rule S1); item 9 as given. */
  screening?: { item9?: number };
  /** A BankID account (no password or authenticator) whose login was this many minutes ago. */
  bankidLoginMinutesAgo?: number;
}

/** Creates a user and a session through the development fixture route. */
export async function createSession(options: SessionOptions = {}): Promise<{ sessionid: string; userId: string; totpSecret?: string }> {
  const base = options.base ?? baseUrl();
  const { cookie, token } = await csrf(base);
  const response = await fetch(`${base}/dev/fixtures/session`, {
    method: "POST",
    headers: { cookie, "x-csrftoken": token, "content-type": "application/json" },
    body: JSON.stringify({
      verified: options.verified ?? true,
      ...(options.twofa === false ? { twofa: false } : {}),
      ...(options.terms === false ? { terms: false } : {}),
      ...(options.password ? { password: options.password } : {}),
      ...(options.userId ? { user_id: options.userId } : {}),
      ...(options.screening ? { screening: options.screening } : {}),
      ...(options.bankidLoginMinutesAgo !== undefined ? { bankid_login_minutes_ago: options.bankidLoginMinutesAgo } : {}),
    }),
  });
  if (!response.ok) throw new Error(`fixture failed: ${response.status} ${await response.text()}`);
  const body = (await response.json()) as { sessionid: string; user: { id: string }; totpSecret?: string };
  return { sessionid: body.sessionid, userId: body.user.id, ...(body.totpSecret ? { totpSecret: body.totpSecret } : {}) };
}

/** The session cookie as the server sets it, for a browser context's `addCookies`. */
export function sessionCookie(sessionid: string, base = baseUrl()) {
  return { name: "sessionid", value: sessionid, domain: new URL(base).hostname, path: "/", httpOnly: true, sameSite: "Lax" as const };
}

/** A browser context whose session cookie is set (a session made by `createSession`). */
export async function contextWithSession(browser: Browser, sessionid: string, base = baseUrl()): Promise<BrowserContext> {
  // A Swedish browser: the home page follows the browser's language (§4).
  const context = await browser.newContext({ locale: "sv-SE" });
  await context.addCookies([sessionCookie(sessionid, base)]);
  return context;
}

/** A browser context that is logged in (cookie set directly, no UI ceremony). */
export async function loggedInContext(
  browser: Browser,
  /** `base`: another server than the shared one (e.g. one started with fixture content). */
  options: SessionOptions & { viewport?: { width: number; height: number }; theme?: string; locale?: string } = {},
): Promise<BrowserContext> {
  const { sessionid } = await createSession(options);
  const context = await browser.newContext({
    ...(options.viewport ? { viewport: options.viewport } : {}),
    ...(options.locale ? { locale: options.locale } : {}),
  });
  const url = new URL(options.base ?? baseUrl());
  await context.addCookies([
    sessionCookie(sessionid, options.base ?? baseUrl()),
    ...(options.theme ? [{ name: "theme", value: options.theme, domain: url.hostname, path: "/" }] : []),
  ]);
  return context;
}
