import { chmodSync, lstatSync, mkdirSync, readdirSync } from "node:fs";
import { chmod, mkdir, rename, writeFile } from "node:fs/promises";
import { randomBytes } from "node:crypto";
import path from "node:path";

/**
 * Files the app writes under DATA_DIR (the embedded database, the development outbox, the
 * development secrets) are the owner's only: directories 0700, files 0600, whatever the umask.
 * A umask can only take bits away from a mode given at creation, so `mode` alone is enough for
 * new files; directories that already exist (an earlier version, another umask) are chmodded.
 */
export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

function chmodIfOwned(target: string, mode: number): void {
  try {
    chmodSync(target, mode);
  } catch (error) {
    // A folder the app does not own (a mounted volume's root) keeps its mode.
    if ((error as NodeJS.ErrnoException).code !== "EPERM") throw error;
  }
}

/** Creates a directory (and missing parents) 0700; an existing one is set to 0700. */
export function ensurePrivateDirSync(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  chmodIfOwned(dir, PRIVATE_DIR_MODE);
}

export async function ensurePrivateDir(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  try {
    await chmod(dir, PRIVATE_DIR_MODE);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EPERM") throw error;
  }
}

/** Sets every directory under `dir` (itself included) to 0700 and every file to 0600. */
export function tightenTreeSync(dir: string): void {
  const stat = lstatSync(dir, { throwIfNoEntry: false });
  if (!stat) return;
  if (stat.isDirectory()) {
    chmodIfOwned(dir, PRIVATE_DIR_MODE);
    for (const name of readdirSync(dir)) tightenTreeSync(path.join(dir, name));
  } else if (stat.isFile()) {
    chmodIfOwned(dir, PRIVATE_FILE_MODE);
  }
}

/** Writes a 0600 file atomically (a temporary file renamed into place). */
export async function writePrivateFile(file: string, content: string | Buffer): Promise<void> {
  const temporary = `${file}.${randomBytes(4).toString("hex")}.tmp`;
  await writeFile(temporary, content, { mode: PRIVATE_FILE_MODE });
  await rename(temporary, file);
}
