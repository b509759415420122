/** §8/§9: a failed page-chunk load reloads the page, at most once per 60 seconds. */
export const RELOAD_GUARD_MS = 60_000;
const KEY = "chunk-reload-at";

export function shouldReload(now: number, last: number | null): boolean {
  return last === null || now - last >= RELOAD_GUARD_MS;
}

export function reloadAfterChunkError(): boolean {
  let last: number | null;
  try {
    const stored = window.sessionStorage.getItem(KEY);
    last = stored ? Number(stored) : null;
  } catch {
    last = null;
  }
  const now = Date.now();
  if (!shouldReload(now, last)) return false;
  try {
    window.sessionStorage.setItem(KEY, String(now));
  } catch {
    // Without storage we still reload once; a second failure shows the error page.
  }
  window.location.reload();
  return true;
}

export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module/i.test(
    message,
  );
}

let installed = false;

export function installChunkReload(): void {
  if (installed) return;
  installed = true;
  window.addEventListener("vite:preloadError", (event) => {
    if (reloadAfterChunkError()) event.preventDefault();
  });
}
