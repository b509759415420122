/**
 * The history state the app's own "log out" links carry. Only a navigation inside the app can
 * set it (another site can link to /logout but not give the entry a state), so the logout screen
 * logs out at once for these links and asks first otherwise: a page elsewhere cannot log a user
 * out by sending them to /logout.
 */
export const LOGOUT_CONFIRMED = { logout: "confirmed" } as const;

export function isConfirmedLogout(state: unknown): boolean {
  return typeof state === "object" && state !== null && (state as { logout?: unknown }).logout === "confirmed";
}

/** The navigation-state notice the home page shows after logging out ("you are logged out"). */
export const LOGGED_OUT = "loggedOut";
