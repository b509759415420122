import type { ScreenId } from "../../../common/routing/route-table.ts";

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
