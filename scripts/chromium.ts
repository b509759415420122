import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

const CANDIDATES = ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"];

/** The flags every browser test launches Chromium with (no network beyond loopback). */
export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];

export function findChromium(): string | null {
  const fromEnv = process.env.CHROME_PATH;
  if (fromEnv) return existsSync(fromEnv) ? fromEnv : null;
  return CANDIDATES.find((p) => existsSync(p)) ?? null;
}

/**
 * Finds the system Chromium; as root, installs Debian's package when it is missing. Never
 * downloads a browser of its own, and never lets the browser tests be skipped silently.
 */
export function ensureChromium(): string {
  const found = findChromium();
  if (found) return found;
  const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
  if (isRoot && !process.env.CHROME_PATH) {
    console.log("Chromium is missing: installing Debian's chromium package…");
    const update = spawnSync("apt-get", ["update"], { stdio: "inherit" });
    const install =
      update.status === 0
        ? spawnSync("apt-get", ["install", "-y", "chromium"], {
            stdio: "inherit",
            env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
          })
        : update;
    const installed = findChromium();
    if (install.status === 0 && installed) return installed;
  }
  throw new Error(
    "The browser tests need Chromium. Install it with `sudo apt-get install chromium` " +
      "(Debian/Ubuntu), or set CHROME_PATH to a Chromium or Chrome executable.",
  );
}
