import { useSyncExternalStore } from "react";

const noSubscription = () => () => undefined;

/**
 * False in the server's HTML and during hydration, true once React owns the page. A submit button
 * waits for it: a form clicked before its code is there (a lazily loaded form on a slow phone)
 * would otherwise be submitted natively, putting what the person wrote into the address and
 * reloading the page without it.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
