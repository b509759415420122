import type { Locale } from "../../../common/i18n/locales.ts";
import type { ModuleMedia } from "../../../common/schemas/courses.ts";
import type { ModuleRow } from "./course-structure.ts";

/**
 * An audio or video module's length in a language: its own recording's (read from the file at
 * import), else the one course.yaml states for all four.
 */
export function durationOf(module: ModuleRow, locale: Locale): number | null {
  const own = module.texts[locale].duration_seconds;
  if (typeof own === "number") return own;
  const value = module.settings.duration_seconds;
  return typeof value === "number" ? value : null;
}

/** The audio or video files of a module in a language (served by /media/*). */
export function moduleMedia(module: ModuleRow, locale: Locale): ModuleMedia | null {
  if (module.type !== "audio" && module.type !== "video") return null;
  const base = `/media/${String(module.settings.media)}/${locale}`;
  return {
    src: `${base}.webm`,
    type: module.type === "audio" ? "audio/webm" : "video/webm",
    captions: module.type === "video" ? `${base}.vtt` : null,
    duration_seconds: durationOf(module, locale) ?? 0,
  };
}
