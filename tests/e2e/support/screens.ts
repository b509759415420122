import type { Locale } from "../../../common/i18n/locales.ts";
import { pathTo, type ScreenId } from "../../../common/routing/route-table.ts";

/** Every screen a visitor can open without being sent elsewhere. */
export const PUBLIC_SCREENS: ScreenId[] = [
  "home",
  "courses",
  "contact",
  "aboutUs",
  "privacy",
  "terms",
  "cookies",
  "resetPassword",
  "register",
  "pendingRegistration",
];

/**
 * A user's screens with a course started and a screening history (`userWithCourseAndHistory`): the
 * dashboard, the course page, its audio module open, the profile, the extended screening's results,
 * the course list and the contact page.
 */
export function userScreens(locale: Locale, course: string): string[] {
  const coursePath = pathTo("course", locale, { course });
  return [
    pathTo("dashboard", locale),
    coursePath,
    `${coursePath}?modul=p1-breathing`,
    pathTo("profile", locale),
    pathTo("extendedScreening", locale),
    pathTo("courses", locale),
    pathTo("contact", locale),
  ];
}
