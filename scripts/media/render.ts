import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { ContentLanguage } from "../../common/content/schema.ts";
import { concat, padTo, silence, speak } from "./speech.ts";
import { parseTranscript, type Caption } from "../../common/content/transcript.ts";
import { timeCaptions, wrap } from "./transcript.ts";
import { run, wavSeconds } from "./tools.ts";

/** Speaking rate of the guided exercises (slow and calm) and of the videos (words per minute). */
const EXERCISE_WPM = 135;
const VIDEO_WPM = 160;
/** Silence between paragraphs of an exercise, before the first and after the last word. */
const PARAGRAPH_GAP = 0.8;
const LEAD = 1;
const TAIL = 2;
/**
 * Opus bitrates (mono, 60 ms frames). The exercises are long and mostly pauses, and libopus spends
 * bits even on silence, so the whole 25 MB budget (about five and a half hours of exercises in
 * four languages) allows 8 kb/s narrowband for them: telephone quality, clear for a synthetic
 * voice. The short videos get 12 kb/s.
 */
const EXERCISE_BITRATE = "8k";
const VIDEO_AUDIO_BITRATE = "12k";
const FONT = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf";

/** Flags that keep ffmpeg's output byte-identical between runs (no version string, fixed IDs). */
const BITEXACT = ["-fflags", "+bitexact", "-flags", "+bitexact", "-map_metadata", "-1", "-threads", "1"];
const opus = (bitrate: string) => ["-c:a", "libopus", "-b:a", bitrate, "-frame_duration", "60", "-application", "voip", "-ac", "1", "-flags:a", "+bitexact"];

/**
 * Builds an audio exercise: speech for each paragraph and `[paus N]` as N seconds of silence.
 * Returns its length in seconds. (No background bed: noise under the pauses cost a fifth more
 * bytes at the same quality, which the budget does not allow.)
 */
export function renderAudio(body: string, lang: ContentLanguage, out: string, work: string): number {
  const parts: string[] = [silence(LEAD)];
  let previous: "speech" | "pause" | null = null;
  for (const segment of parseTranscript(body)) {
    if (segment.kind === "pause") {
      parts.push(silence(segment.seconds));
    } else {
      if (previous === "speech") parts.push(silence(PARAGRAPH_GAP));
      parts.push(speak(segment.text, lang, EXERCISE_WPM));
    }
    previous = segment.kind;
  }
  parts.push(silence(TAIL));
  mkdirSync(work, { recursive: true });
  const voice = path.join(work, "voice.wav");
  concat(parts, voice);
  const seconds = wavSeconds(voice);
  run("ffmpeg", ["-v", "error", "-y", "-i", voice, ...opus(EXERCISE_BITRATE), ...BITEXACT, "-f", "webm", out]);
  return seconds;
}

/** ffmpeg filter-expression escaping for a value inside single quotes. */
const quote = (file: string) => `'${file.replace(/\\/g, "/").replace(/'/g, "'\\''")}'`;

/**
 * Builds a short video with the picture VIDEO_PICTURE describes (common/content/media.ts): a
 * slowly breathing circle, the title and a thin progress line. The narration is the captions
 * spoken one by one; the words are not drawn into the picture — the player shows them from the
 * caption track (a second, burned-in copy would sit under the track's). Caption times are
 * measured from the speech, so the returned captions match the produced audio.
 */
export function renderVideo(title: string, texts: readonly string[], lang: ContentLanguage, out: string, work: string): { seconds: number; captions: Caption[] } {
  mkdirSync(work, { recursive: true });
  const spoken = texts.map((text) => speak(text, lang, VIDEO_WPM));
  const { captions, slots } = timeCaptions(texts, spoken.map(wavSeconds), LEAD, 0.5);
  const audio = path.join(work, "narration.wav");
  concat([silence(LEAD), ...spoken.map((file, i) => padTo(file, slots[i] ?? 0)), silence(TAIL)], audio);
  const seconds = wavSeconds(audio);

  const titleFile = path.join(work, "title.txt");
  writeFileSync(titleFile, wrap(title, 48).join("\n"));
  const filters = [
    `[1]scale=w='2*trunc(56+22*sin(2*PI*t/10))':h='2*trunc(56+22*sin(2*PI*t/10))':eval=frame[circle]`,
    `[0][circle]overlay=x='(W-w)/2':y='148-h/2'[a]`,
    `[a][2]overlay=x='-w+w*t/${seconds.toFixed(3)}':y='H-4'[b]`,
    `[b]drawtext=fontfile=${FONT.replace(/:/g, "\\:")}:expansion=none:textfile=${quote(titleFile).replace(/:/g, "\\:")}:fontsize=19:fontcolor=0x084C44:x=(w-tw)/2:y=16:line_spacing=4[v]`,
  ];
  const script = path.join(work, "filters.txt");
  writeFileSync(script, filters.join(";\n"));
  const d = seconds.toFixed(3);
  run("ffmpeg", [
    "-v", "error", "-y",
    "-f", "lavfi", "-i", `color=c=0xEEF4F1:s=480x270:r=10:d=${d}`,
    "-f", "lavfi", "-i", `color=c=0x000000@0:s=160x160:r=10:d=${d},format=yuva420p,geq=lum=188:cb=118:cr=112:a='if(lte(hypot(X-80,Y-80),79),255,0)'`,
    "-f", "lavfi", "-i", `color=c=0x084C44:s=480x4:r=10:d=${d}`,
    "-i", audio,
    "-filter_complex_script", script,
    "-map", "[v]", "-map", "3:a",
    "-c:v", "libvpx", "-b:v", "32k", "-crf", "36", "-g", "100", "-deadline", "good", "-cpu-used", "2", "-pix_fmt", "yuv420p",
    ...opus(VIDEO_AUDIO_BITRATE), ...BITEXACT, "-t", d, "-f", "webm", out,
  ]);
  return { seconds, captions };
}
