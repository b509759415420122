import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { VIDEO_PICTURE } from "../../common/content/media.ts";
import { webmSeconds } from "../../server/modules/content/webm-duration.ts";
import { run, probeSeconds } from "./tools.ts";

/**
 * `npm run media:verify`: decodes every file under content/media with ffmpeg (any decoding error
 * fails), checks its length against media.json and its own header (the length the page states),
 * that each video was rendered with the picture its transcripts describe, and prints the total
 * size. Needs ffmpeg.
 */
const root = path.resolve("content", "media");
let total = 0;
let failures = 0;
for (const key of readdirSync(root).sort()) {
  const dir = path.join(root, key);
  const manifest = JSON.parse(readFileSync(path.join(dir, "media.json"), "utf8")) as {
    type: string;
    picture?: string;
    languages: Record<string, { file: string; duration_seconds: number }>;
  };
  if (manifest.type === "video" && manifest.picture !== VIDEO_PICTURE.id) {
    failures++;
    console.error(`FAIL ${key}: rendered with the picture "${manifest.picture ?? "unknown"}", the transcripts describe "${VIDEO_PICTURE.id}"`);
  }
  for (const [lang, entry] of Object.entries(manifest.languages)) {
    const file = path.join(dir, entry.file);
    try {
      run("ffmpeg", ["-v", "error", "-xerror", "-i", file, "-f", "null", "-"]);
      const seconds = probeSeconds(file);
      if (Math.abs(seconds - entry.duration_seconds) > 0.5) throw new Error(`lasts ${seconds} s, media.json says ${entry.duration_seconds} s`);
      // The length the page states is read from the WebM header: it must be what ffprobe finds.
      const stated = webmSeconds(file);
      if (stated === null || Math.abs(stated - seconds) > 0.1) throw new Error(`its header states ${stated} s, it lasts ${seconds} s`);
      const vtt = path.join(dir, `${lang}.vtt`);
      if (existsSync(vtt) && !readFileSync(vtt, "utf8").startsWith("WEBVTT")) throw new Error(`${lang}.vtt is not WebVTT`);
      console.log(`ok  ${key}/${entry.file}  ${seconds.toFixed(1)} s`);
    } catch (error) {
      failures++;
      console.error(`FAIL ${key}/${entry.file}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  for (const name of readdirSync(dir)) total += statSync(path.join(dir, name)).size;
}
console.log(`${(total / 1024 / 1024).toFixed(2)} MiB in content/media; ${failures} failure${failures === 1 ? "" : "s"}`);
process.exit(failures ? 1 : 0);
