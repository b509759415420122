/**
 * Transcripts of audio and video modules, shared by the content check, the media build and the
 * players: a transcript is paragraphs of speech, and a line `[paus N]` is N seconds of silence.
 */

export type Segment = { kind: "speech"; text: string } | { kind: "pause"; seconds: number };

export interface Caption {
  start: number;
  end: number;
  text: string;
}

const PAUSE = /^\[paus (\d+(?:\.\d+)?)\]$/;

/** Removes Markdown emphasis, headings and link syntax so that the text can be spoken. */
export function plainText(markdown: string): string {
  return markdown
    .replace(/\[([^\]]+)\]\([^)]*\)/g, "$1")
    .replace(/^#+\s*/gm, "")
    .replace(/(\*\*|__|\*|_)(\S[\s\S]*?\S|\S)\1/g, "$2")
    .replace(/\s+/g, " ")
    .trim();
}

/**
 * An audio module's body as speech and pauses: every paragraph is one speech segment, and a line
 * `[paus N]` is N seconds of silence.
 */
export function parseTranscript(body: string): Segment[] {
  const segments: Segment[] = [];
  for (const block of body.split(/\r?\n\s*\r?\n/)) {
    const lines = block.split(/\r?\n/).map((l) => l.trim()).filter(Boolean);
    let speech: string[] = [];
    const flush = () => {
      const text = plainText(speech.join(" "));
      if (text) segments.push({ kind: "speech", text });
      speech = [];
    };
    for (const line of lines) {
      const pause = PAUSE.exec(line);
      if (pause) {
        flush();
        segments.push({ kind: "pause", seconds: Number(pause[1]) });
      } else {
        speech.push(line);
      }
    }
    flush();
  }
  return segments;
}

function vttTime(seconds: number): string {
  const ms = Math.round(seconds * 1000);
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor((ms % 3_600_000) / 60_000);
  const s = Math.floor((ms % 60_000) / 1000);
  const pad = (n: number, w = 2) => String(n).padStart(w, "0");
  return `${pad(h)}:${pad(m)}:${pad(s)}.${pad(ms % 1000, 3)}`;
}

/** WebVTT from captions (one cue per caption, numbered from 1). */
export function toVtt(captions: readonly Caption[]): string {
  const cues = captions.map((c, i) => `${i + 1}\n${vttTime(c.start)} --> ${vttTime(c.end)}\n${c.text}\n`);
  return `WEBVTT\n\n${cues.join("\n")}`;
}

/**
 * The transcript as it is shown to read: the `[paus N]` lines are production markup for the
 * build (seconds of silence), not words, so they are left out.
 */
export function readableTranscript(body: string): string {
  return body
    .split(/\r?\n/)
    .filter((line) => !PAUSE.test(line.trim()))
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

/** Bracketed production markup left in a text (`[paus 5]`, `[music]`, `[SFX: …]`), not Markdown links. */
export function markupIn(text: string): string[] {
  return [...text.matchAll(/\[[^\]\n]{1,40}\](?!\()/g)].map((m) => m[0]);
}

/** Whether a transcript has anything to say (not only pauses, not empty). */
export function hasSpeech(body: string): boolean {
  return parseTranscript(body).some((s) => s.kind === "speech");
}
