import { LOCALES, type Locale } from "../i18n/locales.ts";

/**
 * Every screen of spec §2 with its path in each language (Swedish without prefix; /en, /no, /da),
 * its layout, guards and menu type. Links and redirects are built from screen ids; route-tree.ts
 * expands this table into one React Router route per screen and language (`courses.sv` …).
 */

export type ScreenId =
  | "home"
  | "enable2fa"
  | "verify2fa"
  | "terms"
  | "resetPassword"
  | "cookies"
  | "dashboard"
  | "extendedScreening"
  | "screening"
  | "privacy"
  | "contact"
  | "courses"
  | "course"
  | "aboutUs"
  | "onboarding"
  | "profile"
  | "register"
  | "pendingRegistration"
  | "logout"
  | "logoutRemove"
  | "test"
  | "vfkey"
  | "contentPage";

/**
 * Layouts: `app` is the default layout with side navigation when logged in and the no-login
 * layout (logo and footer) for visitors; the others are fixed.
 */
export type LayoutId = "app" | "landing" | "screening" | "clean" | "none";

/**
 * Guards (§2), checked in order; the rules are one pure function, `decideScreen` in guards.ts,
 * which the server, client navigations and the browser's check after hydration all call.
 * Every guard reads the session's stage (visitor, 2FA set-up needed, 2FA code needed, verified)
 * and sends a stage that does not belong to the one screen that stage always may see (home,
 * enable2fa, verify2fa, dashboard), so every redirect ends on a rendered page:
 * - `auth`: logged in, else → home.
 * - `loggedin`: a verified session; visitors → home?account=required.
 * - `enable2fa`: the 2FA set-up screen, for sessions that need set-up.
 * - `notverified`: the 2FA code screen, for sessions that still need their code.
 * - `loggedout`: visitor screens (home, registration, reset).
 * - `onboarding`: the onboarding screen: a logged-in user goes on (a verified one to the dashboard);
 *   an invalid stored record is removed and the visitor goes to `/?token=expired` (ADR 018).
 * - `screening`: a verified user, or a visitor whose stored onboarding record is valid; an invalid
 *   one → `/?token=expired`; without a record a `code` in the link starts onboarding, else → home.
 * - `publicOrVerified`: the course screen: visitors see the public course; a logged-in session
 *   must be verified (else to its stage's screen).
 * - `dev`: development pages; 404 when the development pages are off.
 */
export type GuardId =
  | "auth"
  | "loggedin"
  | "publicOrVerified"
  | "enable2fa"
  | "notverified"
  | "loggedout"
  | "onboarding"
  | "screening"
  | "dev";

export type MenuType = "DEFAULT" | "COURSE_OVERVIEW" | "SINGLE_COURSE" | "CONTACT" | "PROFILE";

export interface Screen {
  id: ScreenId;
  /** Path per locale without the language prefix ("" is the locale's home). */
  paths: Record<Locale, string>;
  /** Route module under app/routes/. */
  file: string;
  layout: LayoutId;
  guards: GuardId[];
  menu: MenuType;
  /** The side-menu entry kept highlighted on this screen. */
  nav?: "home" | "courses" | "profile" | "contact";
  /** Answered by the server itself, not by a React Router route (a text answer). */
  servedByServer?: boolean;
}

const same = (path: string): Record<Locale, string> => ({ sv: path, en: path, no: path, da: path });

export const SCREENS: readonly Screen[] = [
  { id: "home", paths: same(""), file: "home.tsx", layout: "landing", guards: ["loggedout"], menu: "DEFAULT", nav: "home" },
  { id: "enable2fa", paths: { sv: "/aktivera-2fa", en: "/enable-2fa", no: "/aktivera-2fa", da: "/aktiver-2fa" }, file: "enable-2fa.tsx", layout: "clean", guards: ["enable2fa"], menu: "DEFAULT" },
  { id: "verify2fa", paths: { sv: "/verifiera-2fa", en: "/verify-2fa", no: "/verifiera-2fa", da: "/verifier-2fa" }, file: "verify-2fa.tsx", layout: "clean", guards: ["notverified"], menu: "DEFAULT" },
  { id: "terms", paths: { sv: "/anvandarvillkor", en: "/termsofuse", no: "/anvandarvillkor", da: "/brugsbetingelser" }, file: "terms.tsx", layout: "app", guards: [], menu: "PROFILE", nav: "profile" },
  { id: "resetPassword", paths: { sv: "/aterstall-losenord", en: "/reset-password", no: "/tilbakestille-passord", da: "/nulstil-adgangskode" }, file: "reset-password.tsx", layout: "app", guards: [], menu: "DEFAULT" },
  { id: "cookies", paths: same("/cookies"), file: "cookies.tsx", layout: "app", guards: [], menu: "PROFILE", nav: "profile" },
  { id: "dashboard", paths: same("/dashboard"), file: "dashboard.tsx", layout: "app", guards: ["loggedin"], menu: "DEFAULT", nav: "home" },
  { id: "extendedScreening", paths: { sv: "/fordjupad-screening", en: "/extended-screening", no: "/dybdescreening", da: "/dybdegaende-screening" }, file: "extended-screening.tsx", layout: "screening", guards: ["screening"], menu: "DEFAULT" },
  { id: "screening", paths: same("/screening"), file: "screening.tsx", layout: "screening", guards: ["screening"], menu: "DEFAULT" },
  { id: "privacy", paths: { sv: "/integritet", en: "/integrity", no: "/integritet", da: "/integritet" }, file: "privacy.tsx", layout: "app", guards: [], menu: "PROFILE", nav: "profile" },
  { id: "contact", paths: { sv: "/kontakt", en: "/contact", no: "/kontakt", da: "/kontakt" }, file: "contact.tsx", layout: "app", guards: [], menu: "CONTACT", nav: "contact" },
  { id: "courses", paths: { sv: "/kurser", en: "/courses", no: "/kurs", da: "/kurser" }, file: "courses.tsx", layout: "app", guards: [], menu: "COURSE_OVERVIEW", nav: "courses" },
  { id: "course", paths: { sv: "/kurser/:course", en: "/courses/:course", no: "/kurs/:course", da: "/kurser/:course" }, file: "course.tsx", layout: "app", guards: ["publicOrVerified"], menu: "SINGLE_COURSE", nav: "courses" },
  { id: "aboutUs", paths: { sv: "/omoss", en: "/aboutus", no: "/omoss", da: "/omos" }, file: "about-us.tsx", layout: "app", guards: [], menu: "PROFILE", nav: "profile" },
  { id: "onboarding", paths: same("/onboarding"), file: "onboarding.tsx", layout: "screening", guards: ["onboarding"], menu: "DEFAULT" },
  { id: "profile", paths: { sv: "/profil", en: "/profile", no: "/profil", da: "/profil" }, file: "profile.tsx", layout: "app", guards: ["loggedin"], menu: "PROFILE", nav: "profile" },
  { id: "register", paths: { sv: "/registrera", en: "/register", no: "/registrere", da: "/register" }, file: "register.tsx", layout: "app", guards: ["loggedout"], menu: "DEFAULT" },
  { id: "pendingRegistration", paths: { sv: "/registrering-pagar", en: "/pending-registration", no: "/registrering-pagar", da: "/afventer-registrering" }, file: "pending-registration.tsx", layout: "app", guards: ["loggedout"], menu: "DEFAULT" },
  { id: "logout", paths: same("/logout"), file: "logout.tsx", layout: "clean", guards: [], menu: "DEFAULT" },
  { id: "logoutRemove", paths: same("/logout-remove"), file: "logout-remove.tsx", layout: "clean", guards: ["auth"], menu: "DEFAULT" },
  { id: "test", paths: same("/test"), file: "test.tsx", layout: "clean", guards: ["dev"], menu: "DEFAULT" },
  { id: "vfkey", paths: same("/vfkey"), file: "", layout: "none", guards: [], menu: "DEFAULT", servedByServer: true },
  { id: "contentPage", paths: same("/:slug"), file: "content-page.tsx", layout: "app", guards: [], menu: "PROFILE", nav: "profile" },
];

const BY_ID = new Map(SCREENS.map((s) => [s.id, s]));

export function screen(id: ScreenId): Screen {
  const found = BY_ID.get(id);
  if (!found) throw new Error(`unknown screen ${id}`);
  return found;
}

const PREFIX: Record<Locale, string> = { sv: "", en: "/en", no: "/no", da: "/da" };

/** The route id React Router uses for a screen in a language, e.g. `courses.en`. */
export function routeId(id: ScreenId, locale: Locale): string {
  return `${id}.${locale}`;
}

/** Splits a route id back into screen and locale. */
export function parseRouteId(value: string): { screen: ScreenId; locale: Locale } | null {
  const [id, locale] = value.split(".");
  if (!id || !locale || !BY_ID.has(id as ScreenId) || !(LOCALES as readonly string[]).includes(locale)) {
    return null;
  }
  return { screen: id as ScreenId, locale: locale as Locale };
}

/** The route pattern (with `:params`) of a screen in a language. */
export function routePattern(id: ScreenId, locale: Locale): string {
  const path = `${PREFIX[locale]}${screen(id).paths[locale]}`;
  return path === "" ? "/" : path;
}

/**
 * A concrete path for a screen: `pathTo("course", "en", { course: "stress" })` →
 * `/en/courses/stress`. Parameters are URL-encoded; a missing one throws.
 */
export function pathTo(id: ScreenId, locale: Locale, params: Record<string, string> = {}): string {
  return routePattern(id, locale).replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`pathTo(${id}): missing parameter ${name}`);
    return encodeURIComponent(value);
  });
}

/** Named navigation targets of §2. */
export const NAV_TARGETS = {
  home: "home",
  dashboard: "dashboard",
  courses: "courses",
  profile: "profile",
  contact: "contact",
  logout: "logout",
  enable2fa: "enable2fa",
  verify2fa: "verify2fa",
} as const satisfies Record<string, ScreenId>;
