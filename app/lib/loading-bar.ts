/**
 * The loading bar (§4, §9): it appears only when a request takes longer than 200 ms, advances
 * over 5000 ms, and hides 500 ms after the last request finished; a failed request marks it
 * failed. The API client feeds it (except for `me` and `active-course`).
 */
export const LOADING_START_DELAY_MS = 200;
export const LOADING_DURATION_MS = 5000;
export const LOADING_HIDE_DELAY_MS = 500;

export type LoadingPhase = "idle" | "running" | "done" | "failed";

export interface LoadingState {
  phase: LoadingPhase;
  /** When the bar became visible (ms since epoch), for its progress animation. */
  startedAt: number;
}

type Timer = ReturnType<typeof setTimeout>;

export interface LoadingBarStore {
  start(): void;
  done(failed: boolean): void;
  getState(): LoadingState;
  subscribe(listener: () => void): () => void;
}

export function createLoadingBarStore(
  timers: { set: (fn: () => void, ms: number) => Timer; clear: (t: Timer) => void; now: () => number } = {
    set: (fn, ms) => setTimeout(fn, ms),
    clear: (t) => clearTimeout(t),
    now: () => Date.now(),
  },
): LoadingBarStore {
  let active = 0;
  let failedSinceStart = false;
  let state: LoadingState = { phase: "idle", startedAt: 0 };
  let showTimer: Timer | null = null;
  let hideTimer: Timer | null = null;
  const listeners = new Set<() => void>();

  function set(next: LoadingState) {
    state = next;
    for (const listener of listeners) listener();
  }

  return {
    start() {
      active += 1;
      if (hideTimer) {
        timers.clear(hideTimer);
        hideTimer = null;
        if (state.phase !== "idle") set({ phase: "running", startedAt: state.startedAt });
      }
      if (active === 1 && state.phase === "idle" && !showTimer) {
        failedSinceStart = false;
        showTimer = timers.set(() => {
          showTimer = null;
          if (active > 0) set({ phase: "running", startedAt: timers.now() });
        }, LOADING_START_DELAY_MS);
      }
    },
    done(failed) {
      active = Math.max(0, active - 1);
      if (failed) failedSinceStart = true;
      if (active > 0) return;
      if (showTimer) {
        // Finished before the bar was due: it never shows.
        timers.clear(showTimer);
        showTimer = null;
        if (state.phase === "idle") return;
      }
      set({ phase: failedSinceStart ? "failed" : "done", startedAt: state.startedAt });
      hideTimer = timers.set(() => {
        hideTimer = null;
        set({ phase: "idle", startedAt: 0 });
      }, LOADING_HIDE_DELAY_MS);
    },
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The browser's one loading bar. */
export const loadingBar = createLoadingBarStore();
