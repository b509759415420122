import { createHash } from "node:crypto";
import { existsSync, mkdirSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { ContentLanguage } from "../../common/content/schema.ts";
import { PRONUNCIATION } from "./pronunciation.ts";
import { respell } from "./transcript.ts";
import { run } from "./tools.ts";

/** espeak-ng voice per content language (British English, Norwegian Bokmål). */
export const VOICES: Readonly<Record<ContentLanguage, string>> = { sv: "sv", en: "en-gb", no: "nb", da: "da" };

/** Sample rate of every intermediate WAV (espeak-ng's own rate). */
export const RATE = 22050;

const cacheDir = path.resolve(".tmp", "media-cache");

function cached(key: string, ext: string, make: (file: string) => void): string {
  mkdirSync(cacheDir, { recursive: true });
  const file = path.join(cacheDir, `${createHash("sha256").update(key).digest("hex").slice(0, 32)}.${ext}`);
  if (!existsSync(file)) {
    const partial = `${file}.part.${ext}`;
    make(partial);
    renameSync(partial, file);
  }
  return file;
}

/**
 * Speaks `text` with espeak-ng at `wordsPerMinute` (after the language's pronunciation map) and
 * returns a mono WAV file at {@link RATE}. Results are cached by input, so rebuilding is quick.
 */
export function speak(text: string, lang: ContentLanguage, wordsPerMinute: number): string {
  const spoken = respell(text, PRONUNCIATION[lang]);
  const voice = VOICES[lang];
  return cached(`speak\n${voice}\n${wordsPerMinute}\n${spoken}`, "wav", (file) => {
    const input = `${file}.txt`;
    writeFileSync(input, spoken);
    run("espeak-ng", ["-v", voice, "-s", String(wordsPerMinute), "-p", "42", "-g", "3", "-b", "1", "-f", input, "-w", file]);
  });
}

/** `seconds` of digital silence. */
export function silence(seconds: number): string {
  return cached(`silence\n${seconds}`, "wav", (file) => {
    run("sox", ["-n", "-r", String(RATE), "-c", "1", "-b", "16", file, "trim", "0", seconds.toFixed(3)]);
  });
}

/** `file` padded with silence at its end to exactly `seconds` long. */
export function padTo(file: string, seconds: number): string {
  return cached(`pad\n${file}\n${seconds}`, "wav", (out) => {
    run("sox", [file, "-r", String(RATE), "-c", "1", "-b", "16", out, "pad", "0", "5", "trim", "0", seconds.toFixed(3)]);
  });
}

/** Joins WAV files end to end into `out`. */
export function concat(files: readonly string[], out: string): void {
  run("sox", [...files, "-r", String(RATE), "-c", "1", "-b", "16", out]);
}
