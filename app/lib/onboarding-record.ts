/**
 * The local onboarding record (§3): `{ token }` in localStorage under `onboarding`, the one
 * personal value the spec keeps in the browser; sent as header `token` on visitor calls.
 */
export const ONBOARDING_KEY = "onboarding";

export interface OnboardingRecord {
  token: string;
}

function storage(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    return null;
  }
}

export function readOnboardingRecord(): OnboardingRecord | null {
  const raw = storage()?.getItem(ONBOARDING_KEY);
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as unknown;
    if (typeof parsed === "object" && parsed !== null && typeof (parsed as OnboardingRecord).token === "string") {
      return { token: (parsed as OnboardingRecord).token };
    }
  } catch {
    // A damaged record is as good as none.
  }
  storage()?.removeItem(ONBOARDING_KEY);
  return null;
}

export function writeOnboardingRecord(record: OnboardingRecord): void {
  storage()?.setItem(ONBOARDING_KEY, JSON.stringify(record));
}

export function removeOnboardingRecord(): void {
  storage()?.removeItem(ONBOARDING_KEY);
}
