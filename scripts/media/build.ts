import { mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { CONTENT_LANGUAGES } from "../../common/content/schema.ts";
import { loadContent } from "../../server/modules/content/load-content.ts";
import { renderAudio, renderVideo } from "./render.ts";
import { toVtt, type Caption } from "../../common/content/transcript.ts";
import { VIDEO_PICTURE } from "../../common/content/media.ts";
import { captionsYaml, replaceCaptions, replaceDescription } from "./transcript.ts";
import { requireTools } from "./tools.ts";

/**
 * `npm run media:build [-- [--content=<dir>] <media-key>…]`: turns every audio and video module's transcript into
 * content/media/<media-key>/<lang>.webm (and <lang>.vtt for videos), rewrites each video's
 * caption times from the measured speech, writes media.json (durations and sizes, read by
 * content:check) and sets duration_seconds in course.yaml. Deterministic for the same inputs
 * and tool versions. Needs espeak-ng, sox and ffmpeg.
 */
requireTools();
// `--content=<dir>`: another content tree (the test fixtures); by default content/.
const contentArg = process.argv.slice(2).find((a) => a.startsWith("--content="));
const root = path.resolve(contentArg ? contentArg.slice("--content=".length) : "content");
const only = new Set(process.argv.slice(2).filter((a) => !a.startsWith("--")));
const { courses } = loadContent(root);
const work = path.resolve(".tmp", "media-work");

interface Manifest {
  type: "audio" | "video";
  picture?: string;
  languages: Record<string, { file: string; bytes: number; duration_seconds: number; captions?: string }>;
}

for (const course of courses) {
  const yamlFile = path.join(course.dir, "course.yaml");
  let yaml = readFileSync(yamlFile, "utf8");
  for (const part of course.def.parts) {
    for (const module of part.modules) {
      if (module.type !== "audio" && module.type !== "video") continue;
      if (only.size && !only.has(module.media)) continue;
      const dir = path.join(root, "media", module.media);
      mkdirSync(dir, { recursive: true });
      const manifest: Manifest = { type: module.type, ...(module.type === "video" ? { picture: VIDEO_PICTURE.id } : {}), languages: {} };
      for (const lang of CONTENT_LANGUAGES) {
        const text = course.texts[lang].modules[module.key];
        if (!text) throw new Error(`${course.def.key}/${lang}/${module.key}.md could not be read (run npm run content:check)`);
        const out = path.join(dir, `${lang}.webm`);
        const scratch = path.join(work, module.media, lang);
        const started = Date.now();
        let seconds: number;
        if (module.type === "audio") {
          seconds = renderAudio(text.body, lang, out, scratch);
        } else {
          const captions = (text.front.captions as Caption[]).map((c) => c.text);
          const video = renderVideo(String(text.front.title), captions, lang, out, scratch);
          seconds = video.seconds;
          writeCaptions(path.join(course.dir, lang, `${module.key}.md`), video.captions);
          writeDescription(path.join(course.dir, lang, `${module.key}.md`), VIDEO_PICTURE.description[lang]);
          writeFileSync(path.join(dir, `${lang}.vtt`), toVtt(video.captions));
        }
        manifest.languages[lang] = {
          file: `${lang}.webm`,
          bytes: statSync(out).size,
          duration_seconds: Math.round(seconds * 10) / 10,
          ...(module.type === "video" ? { captions: `${lang}.vtt` } : {}),
        };
        console.log(`${module.media}/${lang}.webm  ${seconds.toFixed(1)} s  ${(statSync(out).size / 1024).toFixed(0)} KiB  (${((Date.now() - started) / 1000).toFixed(1)} s)`);
      }
      writeFileSync(path.join(dir, "media.json"), `${JSON.stringify(manifest, null, 2)}\n`);
      yaml = setDuration(yaml, module.media, typicalSeconds(manifest));
    }
  }
  writeFileSync(yamlFile, yaml);
}

/** The rounded mean length over the four languages: what duration_seconds states. */
function typicalSeconds(manifest: Manifest): number {
  const values = Object.values(manifest.languages).map((l) => l.duration_seconds);
  return Math.round(values.reduce((a, b) => a + b, 0) / values.length);
}

function setDuration(yaml: string, media: string, seconds: number): string {
  const pattern = new RegExp(`(media: ${media}\\r?\\n\\s+duration_seconds: )\\d+`);
  if (!pattern.test(yaml)) throw new Error(`course.yaml: no duration_seconds right after media: ${media}`);
  return yaml.replace(pattern, `$1${seconds}`);
}

function writeCaptions(file: string, captions: Caption[]): void {
  const before = readFileSync(file, "utf8");
  const after = replaceCaptions(before, captionsYaml(captions));
  if (after !== before) writeFileSync(file, after);
}

/** A video's transcript starts with what its picture shows: the renderer's own description, in italics. */
function writeDescription(file: string, description: string): void {
  const before = readFileSync(file, "utf8");
  const after = replaceDescription(before, description);
  if (after !== before) writeFileSync(file, after);
}


