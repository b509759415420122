import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadContent } from "./load-content.ts";

const LANGS = ["sv", "en", "no", "da"];

/** A small valid content tree: one course with two parts, one worksheet, one page. */
function sampleContent(): string {
  const root = mkdtempSync(path.join(tmpdir(), "content-"));
  const w = (file: string, text: string) => {
    const full = path.join(root, file);
    writeFileSync(full, text);
  };
  for (const dir of ["courses/calm", ...LANGS.map((l) => `courses/calm/${l}`), "worksheets", "media/calm-breath", "pages/about", "media"]) {
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
    w(`courses/calm/${l}/p1-breath.md`, "---\ntitle: Breath\n---\nBreathe. [paus 5]\n");
    w(`courses/calm/${l}/p2-diary.md`, "---\ntitle: Diary\n---\nHow to fill it in.\n");
    w(`pages/about/${l}.md`, `---\nslug: about-${l}\ntitle: About\n---\nWho we are.\n`);
  }
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
    expect(messages).toContain('courses/calm/course.yaml:21: unknown worksheet "nothing"');
    expect(messages).toContain('courses/calm/course.yaml:19: duplicate module key "p1-intro"');
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

describe("the product's content", () => {
  it("has no problems except the audio and video files that are not produced yet", () => {
    const { courses, worksheets, problems } = loadContent(path.resolve("content"));
    expect(courses.map((c) => c.def.key).sort()).toEqual(["anxiety", "depression", "sleep", "stress"]);
    expect(worksheets.length).toBeGreaterThanOrEqual(9);
    expect(problems.filter((p) => !/^media "[a-z0-9-]+" not found/.test(p.message))).toEqual([]);
  });
});
