import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { parseDocument } from "yaml";
import { CONTENT_LANGUAGES, type ContentLanguage } from "../../../common/content/schema.ts";
import { DURATION_TOLERANCE, MEDIA_BUDGET_BYTES, VIDEO_PICTURE, mediaManifestSchema, type MediaManifest } from "../../../common/content/media.ts";
import { hasSpeech, markupIn, plainText, readableTranscript, toVtt, type Caption } from "../../../common/content/transcript.ts";
import { webmSeconds } from "./webm-duration.ts";

/** media.json's length of a language may differ from the file's own by this much (seconds, rounding). */
const REAL_LENGTH_TOLERANCE = 0.1;

type Add = (file: string, line: number, message: string) => void;

/** The first line of `file` that starts with `prefix` (1 when none does). */
function lineStarting(file: string, prefix: string): number {
  const index = readFileSync(file, "utf8").split(/\r?\n/).findIndex((l) => l.startsWith(prefix));
  return index < 0 ? 1 : index + 1;
}

/** The first line of the body (after the closing `---` of the front matter). */
function bodyLine(file: string): number {
  const lines = readFileSync(file, "utf8").split(/\r?\n/);
  const close = lines.findIndex((l, i) => i > 0 && l === "---");
  return close < 0 ? 1 : close + 2;
}

const ITALIC_LINE = /^\s*\*[^*].*\*\s*$/;

/**
 * Checks an audio or video module's text: a transcript that says something (not only pauses or the
 * video's one-line description in *italics*) with no production markup left in what is shown to
 * read; for a video, the description of the picture it really has (VIDEO_PICTURE), the same words
 * as its captions, and captions in order.
 */
export function checkTranscript(
  add: Add,
  file: string,
  type: "audio" | "video",
  front: Record<string, unknown>,
  body: string,
  lang: ContentLanguage,
): void {
  const lines = body.split(/\r?\n/);
  const spoken = type === "video" ? lines.filter((l) => !ITALIC_LINE.test(l)).join("\n") : body;
  if (!hasSpeech(spoken) || plainText(spoken).length < 20) {
    add(file, bodyLine(file), `missing transcript: the body of a${type === "audio" ? "n audio" : " video"} module is what the voice says`);
  }
  const markup = markupIn(readableTranscript(body));
  if (markup.length) {
    add(file, bodyLine(file), `production markup in the transcript: ${markup.join(", ")} (a pause is a line [paus N] of its own; nothing else in brackets)`);
  }
  if (type !== "video") return;
  const description = `*${VIDEO_PICTURE.description[lang]}*`;
  if (lines.find((l) => l.trim())?.trim() !== description) {
    add(file, bodyLine(file), `the transcript must start with what the picture shows (VIDEO_PICTURE in common/content/media.ts): ${description}`);
  }
  const captions = front.captions as Caption[];
  if (Array.isArray(captions) && plainText(spoken) !== captions.map((c) => c.text).join(" ")) {
    add(file, bodyLine(file), "the transcript says something else than the captions: its paragraphs must be the captions' words, in order");
  }
  let previousEnd = 0;
  captions.forEach((caption, i) => {
    if (caption.end <= caption.start || caption.start < previousEnd) {
      add(file, lineStarting(file, "captions:") + 1 + i, `captions.${i}: times must increase (${caption.start}–${caption.end} after ${previousEnd})`);
    }
    previousEnd = caption.end;
  });
}

export interface MediaModule {
  key: string;
  type: "audio" | "video";
  media: string;
  durationSeconds: number;
  /** Line of `media:` and of `duration_seconds:` in course.yaml. */
  mediaLine: number;
  durationLine: number;
}

function readManifest(add: Add, file: string): MediaManifest | null {
  const doc = parseDocument(readFileSync(file, "utf8"));
  const result = mediaManifestSchema.safeParse(doc.errors.length ? null : doc.toJS());
  if (result.success) return result.data;
  add(file, 1, `media.json is not valid: ${result.error.issues[0]?.message ?? "bad JSON"} (run npm run media:build)`);
  return null;
}

/**
 * Checks that a module's media exist in every language (`<lang>.webm`, and `<lang>.vtt` for
 * video), that they are the files media.json describes, that each VTT says what the module's
 * captions say, and that duration_seconds fits every language's real length.
 */
export function checkModuleMedia(
  add: Add,
  root: string,
  yamlFile: string,
  module: MediaModule,
  texts: Partial<Record<ContentLanguage, { file: string; front: Record<string, unknown> }>>,
): Partial<Record<ContentLanguage, number>> {
  const lengths: Partial<Record<ContentLanguage, number>> = {};
  const dir = path.join(root, "media", module.media);
  const manifestFile = path.join(dir, "media.json");
  if (!existsSync(dir)) {
    add(yamlFile, module.mediaLine, `media "${module.media}" not found in content/media/`);
    return lengths;
  }
  if (!existsSync(manifestFile)) {
    add(yamlFile, module.mediaLine, `media "${module.media}": media.json is missing (run npm run media:build)`);
    return lengths;
  }
  const manifest = readManifest(add, manifestFile);
  if (!manifest) return lengths;
  if (manifest.type !== module.type) add(yamlFile, module.mediaLine, `media "${module.media}" is ${manifest.type}, the module is ${module.type}`);
  if (module.type === "video" && manifest.picture !== VIDEO_PICTURE.id) {
    add(manifestFile, 1, `rendered with the picture "${manifest.picture ?? "unknown"}", not "${VIDEO_PICTURE.id}" that the transcripts describe (run npm run media:build)`);
  }
  for (const lang of CONTENT_LANGUAGES) {
    const webm = path.join(dir, `${lang}.webm`);
    const entry = manifest.languages[lang];
    if (!existsSync(webm)) {
      add(yamlFile, module.mediaLine, `media "${module.media}": missing ${lang}.webm`);
    } else if (!entry) {
      add(manifestFile, 1, `no entry for "${lang}" (run npm run media:build)`);
    } else {
      if (statSync(webm).size !== entry.bytes) add(manifestFile, 1, `${lang}.webm is ${statSync(webm).size} bytes, media.json says ${entry.bytes} (run npm run media:build)`);
      // The length a player shows is the file's own: the page states that one, and media.json must agree.
      const real = webmSeconds(webm);
      if (real === null) add(manifestFile, 1, `${lang}.webm states no length (not a WebM file from npm run media:build)`);
      else {
        lengths[lang] = real;
        if (Math.abs(real - entry.duration_seconds) > REAL_LENGTH_TOLERANCE) {
          add(manifestFile, 1, `${lang}.webm lasts ${real} s, media.json says ${entry.duration_seconds} s (run npm run media:build)`);
        }
      }
      const low = module.durationSeconds * (1 - DURATION_TOLERANCE);
      const high = module.durationSeconds * (1 + DURATION_TOLERANCE);
      if (entry.duration_seconds < low || entry.duration_seconds > high) {
        add(yamlFile, module.durationLine, `duration_seconds ${module.durationSeconds} is not within ${DURATION_TOLERANCE * 100} % of ${lang}.webm (${entry.duration_seconds} s)`);
      }
    }
    if (module.type !== "video") continue;
    const vtt = path.join(dir, `${lang}.vtt`);
    const text = texts[lang];
    if (!existsSync(vtt)) {
      add(yamlFile, module.mediaLine, `media "${module.media}": missing ${lang}.vtt`);
    } else if (text) {
      const captions = text.front.captions as Caption[];
      if (readFileSync(vtt, "utf8") !== toVtt(captions)) {
        add(text.file, lineStarting(text.file, "captions:"), `captions differ from media/${module.media}/${lang}.vtt (run npm run media:build)`);
      }
      const last = captions.at(-1);
      const end = lengths[lang] ?? entry?.duration_seconds;
      if (end !== undefined && last && last.end > end + 0.05) {
        add(text.file, lineStarting(text.file, "captions:"), `the last caption ends at ${last.end} s, after the end of ${lang}.webm (${end} s)`);
      }
    }
  }
  return lengths;
}

function sizeOf(dir: string): number {
  let total = 0;
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    const stat = statSync(full);
    total += stat.isDirectory() ? sizeOf(full) : stat.size;
  }
  return total;
}

/** All media together must stay within {@link MEDIA_BUDGET_BYTES}. */
export function checkMediaBudget(add: Add, root: string): void {
  const dir = path.join(root, "media");
  if (!existsSync(dir)) return;
  const total = sizeOf(dir);
  if (total > MEDIA_BUDGET_BYTES) {
    add(dir, 1, `media take ${(total / 1e6).toFixed(1)} MB, above the budget of ${MEDIA_BUDGET_BYTES / 1e6} MB`);
  }
}
