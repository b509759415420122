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

/** Creates a user and a session through the development fixture route. */
export async function createSession(options: { verified?: boolean; twofa?: boolean; base?: string } = {}): Promise<{ sessionid: string; userId: string }> {
  const base = options.base ?? baseUrl();
  const { cookie, token } = await csrf(base);
  const response = await fetch(`${base}/dev/fixtures/session`, {
    method: "POST",
    headers: { cookie, "x-csrftoken": token, "content-type": "application/json" },
    body: JSON.stringify({ verified: options.verified ?? true, ...(options.twofa === false ? { twofa: false } : {}) }),
  });
  if (!response.ok) throw new Error(`fixture failed: ${response.status} ${await response.text()}`);
  const body = (await response.json()) as { sessionid: string; user: { id: string } };
  return { sessionid: body.sessionid, userId: body.user.id };
}

/** A browser context that is logged in (cookie set directly, no UI ceremony). */
export async function loggedInContext(
  browser: Browser,
  /** `base`: another server than the shared one (e.g. one started with fixture content). */
  options: { verified?: boolean; twofa?: boolean; viewport?: { width: number; height: number }; theme?: string; base?: string } = {},
): Promise<BrowserContext> {
  const { sessionid } = await createSession(options);
  const context = await browser.newContext(options.viewport ? { viewport: options.viewport } : {});
  const url = new URL(options.base ?? baseUrl());
  await context.addCookies([
    { name: "sessionid", value: sessionid, domain: url.hostname, path: "/", httpOnly: true, sameSite: "Lax" },
    ...(options.theme ? [{ name: "theme", value: options.theme, domain: url.hostname, path: "/" }] : []),
  ]);
  return context;
}
