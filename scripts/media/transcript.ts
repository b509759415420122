import type { Caption } from "../../common/content/transcript.ts";

/** Pure helpers for the media build: respelling, caption timing, wrapping, caption front matter. */

/** Applies a per-language pronunciation map (whole words, case-sensitive) to the speech input only. */
export function respell(text: string, map: Readonly<Record<string, string>>): string {
  let result = text;
  for (const [word, spoken] of Object.entries(map)) {
    const escaped = word.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    result = result.replace(new RegExp(`(?<![\\p{L}\\p{N}])${escaped}(?![\\p{L}\\p{N}])`, "gu"), spoken);
  }
  return result;
}

const round1 = (n: number) => Math.round(n * 10) / 10;

/**
 * Lays captions end to end from the measured length of each spoken caption: each caption lasts
 * as long as its speech (rounded up to 0.1 s), followed by `gap` seconds of silence; the first
 * starts after `lead` seconds. Returns the captions and the slot length (speech + gap) of each.
 */
export function timeCaptions(texts: readonly string[], spoken: readonly number[], lead: number, gap: number): { captions: Caption[]; slots: number[] } {
  let cursor = lead;
  const captions: Caption[] = [];
  const slots: number[] = [];
  texts.forEach((text, i) => {
    const length = Math.ceil((spoken[i] ?? 0) * 10) / 10;
    captions.push({ start: round1(cursor), end: round1(cursor + length), text });
    slots.push(round1(length + gap));
    cursor = round1(cursor + length + gap);
  });
  return { captions, slots };
}

/** Greedy word wrap to at most `width` characters a line (a longer word gets its own line). */
export function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/** The front matter block `captions:` in the project's one-line-per-caption style. */
export function captionsYaml(captions: readonly Caption[]): string {
  const num = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(1));
  return ["captions:", ...captions.map((c) => `  - {start: ${num(c.start)}, end: ${num(c.end)}, text: ${JSON.stringify(c.text)}}`)].join("\n");
}

/**
 * Replaces the `captions:` key of a module file's front matter (up to the next top-level key or
 * the end of the front matter) with `block`, leaving everything else byte for byte.
 */
export function replaceCaptions(file: string, block: string): string {
  const match = /^(---\r?\n)([\s\S]*?)(\r?\n---\r?\n[\s\S]*)$/.exec(file);
  if (!match) throw new Error("no front matter");
  const lines = (match[2] ?? "").split(/\r?\n/);
  const start = lines.findIndex((l) => /^captions:/.test(l));
  if (start < 0) throw new Error("no captions in the front matter");
  let end = start + 1;
  while (end < lines.length && !/^\S/.test(lines[end] ?? "")) end++;
  const front = [...lines.slice(0, start), block, ...lines.slice(end)].join("\n");
  return `${match[1]}${front}${match[3]}`;
}

/**
 * A module file with its body's first line set to `*description*` (the picture a video shows):
 * an italic first line is replaced, otherwise the line is put first.
 */
export function replaceDescription(file: string, description: string): string {
  const match = /^(---\r?\n[\s\S]*?\r?\n---\r?\n)([\s\S]*)$/.exec(file);
  if (!match) throw new Error("no front matter");
  const [, front = "", body = ""] = match;
  const line = `*${description}*`;
  const rest = body.replace(/^\s*\*[^*\n].*\*[ \t]*\r?\n(\s*\r?\n)?/, "").replace(/^\s+/, "");
  return `${front}${line}\n\n${rest}`;
}
