import { useCallback, useEffect, useState } from "react";
import { logFailure } from "./use-onboarding-check.ts";

export type Loaded<T> = { state: "loading" } | { state: "failed" } | { state: "ready"; data: T };

/** Loads data in the browser; a failure is logged and can be retried. */
export function useApiData<T>(what: string, load: () => Promise<T>, enabled = true): { result: Loaded<T>; retry: () => void } {
  const [result, setResult] = useState<Loaded<T>>({ state: "loading" });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!enabled) return;
    let cancelled = false;
    setResult({ state: "loading" });
    load().then(
      (data) => {
        if (!cancelled) setResult({ state: "ready", data });
      },
      (error: unknown) => {
        logFailure(what, error);
        if (!cancelled) setResult({ state: "failed" });
      },
    );
    return () => {
      cancelled = true;
    };
    // `load` is recreated each render; the attempt counter decides when to load again.
  }, [attempt, enabled, what]);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { result, retry };
}
