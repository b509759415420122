import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, truncateSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { VIDEO_PICTURE } from "../../../common/content/media.ts";
import { toVtt } from "../../../common/content/transcript.ts";
import { webmHeader } from "../../testing/webm.ts";
import { CURRENT_TERMS_VERSION } from "../../../common/auth/terms.ts";
import { type crisisInfo, crisisNumbers } from "../../../common/safety/crisis-lines.ts";
import { loadContent } from "./load-content.ts";

const LANGS = ["sv", "en", "no", "da"];

const CAPTIONS = [
  { start: 0.5, end: 3, text: "Breathe in slowly." },
  { start: 3.5, end: 6.5, text: "And breathe out, a little longer." },
];

/** media/<key>/ with a file per language (a WebM header stating its length, never decoded), captions for video, media.json. */
function writeMedia(root: string, key: string, type: "audio" | "video", seconds: number): void {
  const dir = path.join(root, "media", key);
  mkdirSync(dir, { recursive: true });
  const languages: Record<string, unknown> = {};
  for (const l of LANGS) {
    const file = webmHeader(seconds);
    writeFileSync(path.join(dir, `${l}.webm`), file);
    if (type === "video") writeFileSync(path.join(dir, `${l}.vtt`), toVtt(CAPTIONS));
    languages[l] = { file: `${l}.webm`, bytes: file.length, duration_seconds: seconds, ...(type === "video" ? { captions: `${l}.vtt` } : {}) };
  }
  writeFileSync(path.join(dir, "media.json"), JSON.stringify({ type, ...(type === "video" ? { picture: VIDEO_PICTURE.id } : {}), languages }));
}

/** A small valid content tree: one course with two parts, one worksheet, one page. */
function sampleContent(): string {
  const root = mkdtempSync(path.join(tmpdir(), "content-"));
  const w = (file: string, text: string) => {
    const full = path.join(root, file);
    writeFileSync(full, text);
  };
  for (const dir of ["courses/calm", ...LANGS.map((l) => `courses/calm/${l}`), "worksheets", "pages/about"]) {
    mkdirSync(path.join(root, dir), { recursive: true });
  }
  w("courses/calm/course.yaml", [
    "key: calm",
    "category: stress",
    "public: true",
    "image: calm.svg",
    "estimated_weeks: 2",
    "parts:",
    "  - key: p1",
    "    pause_days: 0",
    "    modules:",
    "      - key: p1-intro",
    "        type: text",
    "      - key: p1-breath",
    "        type: audio",
    "        media: calm-breath",
    "        duration_seconds: 60",
    "      - key: p1-film",
    "        type: video",
    "        media: calm-film",
    "        duration_seconds: 8",
    "  - key: p2",
    "    pause_days: 7",
    "    modules:",
    "      - key: p2-diary",
    "        type: worksheet",
    "        worksheet: diary",
    "",
  ].join("\n"));
  w("courses/calm/calm.svg", "<svg xmlns='http://www.w3.org/2000/svg'/>");
  for (const l of LANGS) {
    w(`courses/calm/${l}/course.md`, `---\nslug: calm-${l}\ntitle: Calm ${l}\nsummary: A short calm course for tests.\nparts:\n  p1: One\n  p2: Two\n---\nAbout.\n`);
    w(`courses/calm/${l}/p1-intro.md`, "---\ntitle: Intro\n---\nText.\n");
    w(`courses/calm/${l}/p1-breath.md`, "---\ntitle: Breath\n---\nSit comfortably and notice your breath.\n\n[paus 5]\n\nNow let it slow down.\n");
    const captions = CAPTIONS.map((c) => `  - {start: ${c.start}, end: ${c.end}, text: "${c.text}"}`).join("\n");
    const picture = VIDEO_PICTURE.description[l as keyof typeof VIDEO_PICTURE.description];
    w(`courses/calm/${l}/p1-film.md`, `---\ntitle: Film\ncaptions:\n${captions}\n---\n*${picture}*\n\nBreathe in slowly. And breathe out, a little longer.\n`);
    w(`courses/calm/${l}/p2-diary.md`, "---\ntitle: Diary\n---\nHow to fill it in.\n");
    w(`pages/about/${l}.md`, `---\nslug: about-${l}\ntitle: About\n---\nWho we are.\n`);
  }
  writeMedia(root, "calm-breath", "audio", 62);
  writeMedia(root, "calm-film", "video", 8);
  w("worksheets/diary.yaml", 'key: diary\ntitle: {sv: Dagbok, en: Diary, "no": Dagbok, da: Dagbog}\nfields:\n  - key: note\n    type: longtext\n    required: true\n    label: {sv: Anteckning, en: Note, "no": Notat, da: Note}\n');
  return root;
}

function edit(root: string, file: string, change: (text: string) => string): void {
  const full = path.join(root, file);
  writeFileSync(full, change(readFileSync(full, "utf8")));
}

describe("loadContent", () => {
  it("loads a valid tree without problems", () => {
    const content = loadContent(sampleContent());
    expect(content.problems).toEqual([]);
    expect(content.courses[0]?.def.parts).toHaveLength(2);
    expect(content.courses[0]?.texts.no.course.slug).toBe("calm-no");
    expect(content.pages[0]?.texts.da.title).toBe("About");
  });

  it("reports an unknown module type with file and line", () => {
    const root = sampleContent();
    edit(root, "courses/calm/course.yaml", (t) => t.replace("type: text", "type: podcast"));
    const [problem] = loadContent(root).problems;
    expect(problem?.file).toBe("courses/calm/course.yaml");
    expect(problem?.line).toBe(11);
    expect(problem?.message).toMatch(/parts\.0\.modules\.0/);
  });

  it("reports a missing language file, a broken worksheet and media reference, and a duplicate key", () => {
    const root = sampleContent();
    rmSync(path.join(root, "courses/calm/da/p1-intro.md"));
    rmSync(path.join(root, "media/calm-breath"), { recursive: true });
    edit(root, "courses/calm/course.yaml", (t) => t.replace("worksheet: diary", "worksheet: nothing").replace("key: p2-diary", "key: p1-intro"));
    const messages = loadContent(root).problems.map((p) => `${p.file}:${p.line}: ${p.message}`);
    expect(messages).toContain("courses/calm/da/p1-intro.md:1: missing file");
    expect(messages).toContain('courses/calm/course.yaml:14: media "calm-breath" not found in content/media/');
    expect(messages).toContain('courses/calm/course.yaml:25: unknown worksheet "nothing"');
    expect(messages).toContain('courses/calm/course.yaml:23: duplicate module key "p1-intro"');
  });

  it("reports bad front matter on its line, a missing part title and a reused slug", () => {
    const root = sampleContent();
    edit(root, "courses/calm/en/course.md", (t) => t.replace("summary: A short calm course for tests.", "summary: 5").replace("  p2: Two\n", ""));
    edit(root, "pages/about/sv.md", (t) => t.replace("slug: about-sv", "slug: calm-sv"));
    const messages = loadContent(root).problems.map((p) => `${p.file}:${p.line}: ${p.message}`);
    expect(messages.some((m) => m.startsWith("courses/calm/en/course.md:4: summary"))).toBe(true);
    expect(messages.some((m) => m.startsWith("pages/about/sv.md:2: slug \"calm-sv\""))).toBe(true);
  });
});

describe("loadContent: languages, transcripts and media", () => {
  const problemsOf = (root: string) => loadContent(root).problems.map((p) => `${p.file}:${p.line}: ${p.message}`);

  it("reports a missing language folder of a course and a missing language of a page", () => {
    const root = sampleContent();
    rmSync(path.join(root, "courses/calm/no"), { recursive: true });
    rmSync(path.join(root, "pages/about/da.md"));
    const messages = problemsOf(root);
    expect(messages).toContain('courses/calm/no:1: missing language "no": no folder courses/calm/no/');
    expect(messages).toContain('pages/about/da.md:1: missing language "da"');
  });

  it("reports an empty module", () => {
    const root = sampleContent();
    edit(root, "courses/calm/sv/p1-intro.md", () => "---\ntitle: Intro\n---\n\n");
    expect(problemsOf(root)).toContain("courses/calm/sv/p1-intro.md:1: empty: the file has no text after the front matter");
  });

  it("reports an audio transcript with only pauses and a video with only its description", () => {
    const root = sampleContent();
    edit(root, "courses/calm/en/p1-breath.md", () => "---\ntitle: Breath\n---\n[paus 5]\n\n[paus 10]\n");
    edit(root, "courses/calm/da/p1-film.md", (t) => t.replace("Breathe in slowly. And breathe out, a little longer.\n", ""));
    const messages = problemsOf(root);
    expect(messages).toContain("courses/calm/en/p1-breath.md:4: missing transcript: the body of an audio module is what the voice says");
    expect(messages).toContain("courses/calm/da/p1-film.md:7: missing transcript: the body of a video module is what the voice says");
  });

  it("reports a video without captions and captions out of order", () => {
    const root = sampleContent();
    edit(root, "courses/calm/no/p1-film.md", (t) => t.replace(/captions:\n( {2}- .*\n)+/, ""));
    edit(root, "courses/calm/sv/p1-film.md", (t) => t.replace("start: 3.5, end: 6.5", "start: 2, end: 6.5"));
    const messages = problemsOf(root);
    expect(messages).toContain("courses/calm/no/p1-film.md:2: captions: missing captions: a video needs its caption list");
    expect(messages).toContain("courses/calm/sv/p1-film.md:5: captions.1: times must increase (2–6.5 after 3)");
  });

  it("reports a missing media file or caption file in one language, with the course.yaml line", () => {
    const root = sampleContent();
    rmSync(path.join(root, "media/calm-breath/da.webm"));
    rmSync(path.join(root, "media/calm-film/en.vtt"));
    const messages = problemsOf(root);
    expect(messages).toContain('courses/calm/course.yaml:14: media "calm-breath": missing da.webm');
    expect(messages).toContain('courses/calm/course.yaml:18: media "calm-film": missing en.vtt');
  });

  it("reports captions that differ from the VTT and a stated duration far from the real one", () => {
    const root = sampleContent();
    edit(root, "courses/calm/sv/p1-film.md", (t) => t.replace("end: 3,", "end: 3.2,"));
    edit(root, "courses/calm/course.yaml", (t) => t.replace("duration_seconds: 60", "duration_seconds: 120"));
    const messages = problemsOf(root);
    expect(messages).toContain("courses/calm/sv/p1-film.md:3: captions differ from media/calm-film/sv.vtt (run npm run media:build)");
    expect(messages).toContain("courses/calm/course.yaml:15: duration_seconds 120 is not within 25 % of sv.webm (62 s)");
  });

  it("reports production markup left in a transcript, a video transcript describing another picture or saying other words than its captions", () => {
    const root = sampleContent();
    edit(root, "courses/calm/sv/p1-breath.md", (t) => t.replace("Now let it slow down.", "Now [paus 5 s] let it slow down."));
    edit(root, "courses/calm/en/p1-film.md", (t) => t.replace(/\*.*\*/, "*Animated film: a pair of scales and a battery.*"));
    edit(root, "courses/calm/no/p1-film.md", (t) => t.replace("a little longer.\n", "a little longer. And smile.\n"));
    const messages = problemsOf(root);
    expect(messages).toContain("courses/calm/sv/p1-breath.md:4: production markup in the transcript: [paus 5 s] (a pause is a line [paus N] of its own; nothing else in brackets)");
    expect(messages).toContain(`courses/calm/en/p1-film.md:7: the transcript must start with what the picture shows (VIDEO_PICTURE in common/content/media.ts): *${VIDEO_PICTURE.description.en}*`);
    expect(messages).toContain("courses/calm/no/p1-film.md:7: the transcript says something else than the captions: its paragraphs must be the captions' words, in order");
  });

  it("reports a recording whose own length differs from media.json, a file that states none, and a video rendered with another picture", () => {
    const root = sampleContent();
    writeFileSync(path.join(root, "media/calm-breath/sv.webm"), webmHeader(66));
    writeFileSync(path.join(root, "media/calm-breath/en.webm"), "webm en");
    edit(root, "media/calm-film/media.json", (t) => t.replace(VIDEO_PICTURE.id, "captions-burned-in/1"));
    const messages = problemsOf(root);
    expect(messages).toContain("media/calm-breath/media.json:1: sv.webm lasts 66 s, media.json says 62 s (run npm run media:build)");
    expect(messages).toContain("media/calm-breath/media.json:1: en.webm states no length (not a WebM file from npm run media:build)");
    expect(messages).toContain(`media/calm-film/media.json:1: rendered with the picture "captions-burned-in/1", not "${VIDEO_PICTURE.id}" that the transcripts describe (run npm run media:build)`);
  });

  it("gives each language's real length, read from its file", () => {
    const root = sampleContent();
    writeFileSync(path.join(root, "media/calm-breath/da.webm"), webmHeader(61.95));
    edit(root, "media/calm-breath/media.json", (t) => t.replace(/("da":\{"file":"da.webm","bytes":\d+,"duration_seconds":)62/, "$161.95"));
    const [course] = loadContent(root).courses;
    expect(course?.mediaSeconds["p1-breath"]).toEqual({ sv: 62, en: 62, no: 62, da: 61.95 });
  });

  it("reports media above the 25 MB budget", () => {
    const root = sampleContent();
    writeFileSync(path.join(root, "media/calm-film/extra.bin"), "");
    truncateSync(path.join(root, "media/calm-film/extra.bin"), 25_000_001);
    expect(problemsOf(root).some((m) => /^media:1: media take 25\.0 MB, above the budget of 25 MB$/.test(m))).toBe(true);
  });
});

describe("featured.yaml", () => {
  const item = (extra: string) =>
    [
      "items:",
      "  - key: pick",
      ...extra.split("\n").map((l) => `    ${l}`),
      "    title: {sv: Titel, en: Title, \"no\": Tittel, da: Titel}",
      "    text: {sv: Kort text., en: Short text., \"no\": Kort tekst., da: Kort tekst.}",
      "",
    ].join("\n");

  it("loads items that refer to a course, a module or a page", () => {
    const root = sampleContent();
    writeFileSync(path.join(root, "featured.yaml"), item("kind: module\ncourse: calm\nmodule: p1-breath"));
    const content = loadContent(root);
    expect(content.problems).toEqual([]);
    expect(content.featured).toMatchObject([{ key: "pick", kind: "module", course: "calm", module: "p1-breath", title: { en: "Title" } }]);
  });

  it("reports unknown courses, modules and pages, a missing language and an unknown kind, with their lines", () => {
    const cases: [string, string][] = [
      ["kind: course\ncourse: nothing", 'featured.yaml:4: items.0.course: no course "nothing" in courses/'],
      ["kind: module\ncourse: calm\nmodule: p9-none", 'featured.yaml:5: items.0.module: no module "p9-none" in course "calm"'],
      ["kind: page\npage: nothing", 'featured.yaml:4: items.0.page: no page "nothing" in pages/'],
    ];
    for (const [extra, expected] of cases) {
      const root = sampleContent();
      writeFileSync(path.join(root, "featured.yaml"), item(extra));
      const content = loadContent(root);
      expect(content.problems.map((p) => `${p.file}:${p.line}: ${p.message}`)).toEqual([expected]);
      expect(content.featured).toEqual([]);
    }
    const root = sampleContent();
    writeFileSync(path.join(root, "featured.yaml"), item("kind: page\npage: about").replace(', da: Titel', ''));
    const [missing] = loadContent(root).problems;
    expect(`${missing?.file}:${missing?.line}`).toBe("featured.yaml:5");
    expect(missing?.message).toMatch(/^items\.0\.title\.da/);
    writeFileSync(path.join(root, "featured.yaml"), item("kind: podcast\npage: about"));
    expect(loadContent(root).problems[0]?.message).toMatch(/^items\.0\.kind/);
  });
});

describe("the sample course for tests (tests/fixtures/content)", () => {
  it("has no problems, all seven module types, and its media files", () => {
    const { courses, problems } = loadContent(path.resolve("tests/fixtures/content"));
    expect(problems).toEqual([]);
    const types = new Set(courses[0]?.def.parts.flatMap((p) => p.modules.map((m) => m.type)));
    expect(types.size).toBe(7);
  });
});

describe("the product's content", () => {
  it("has no problems at all (every language, transcript, caption and media file, within budget)", () => {
    const { courses, worksheets, featured, problems } = loadContent(path.resolve("content"));
    expect(courses.map((c) => c.def.key).sort()).toEqual(["anxiety", "depression", "sleep", "stress"]);
    expect(featured.length).toBeGreaterThanOrEqual(4);
    expect(worksheets.length).toBeGreaterThanOrEqual(9);
    expect(problems).toEqual([]);
  });

  it("has a crisis-help page in every language with the numbers of the crisis panel", () => {
    const page = loadContent(path.resolve("content")).pages.find((p) => p.key === "crisis-help");
    for (const lang of LANGS as (keyof typeof crisisInfo)[]) {
      const body = page?.texts[lang].body ?? "";
      for (const number of crisisNumbers(lang)) expect(body, `${lang}: ${number}`).toContain(number);
    }
  });

  it("states the current terms version (the one users approve) on the terms page in every language", () => {
    const page = loadContent(path.resolve("content")).pages.find((p) => p.key === "terms");
    for (const lang of LANGS as (keyof typeof crisisInfo)[]) expect(page?.texts[lang].body, lang).toMatch(new RegExp(`^Vers[ij]on ${CURRENT_TERMS_VERSION}$`, "m"));
  });

  it("has no placeholder text", () => {
    const files = readdirSync(path.resolve("content"), { recursive: true, encoding: "utf8" }).filter((f) => /\.(md|yaml)$/.test(f));
    expect(files.length).toBeGreaterThan(100);
    expect(files.filter((f) => /lorem|ipsum|\bTODO\b|\bTBD\b/i.test(readFileSync(path.resolve("content", f), "utf8")))).toEqual([]);
  });
});
