import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { LineCounter, parseDocument, type Document } from "yaml";
import type { z } from "zod";
import {
  CONTENT_LANGUAGES,
  courseTextSchema,
  courseYamlSchema,
  featuredYamlSchema,
  moduleFrontMatter,
  pageFrontMatter,
  worksheetSchema,
  type ContentLanguage,
  type CourseText,
  type CourseYaml,
  type FeaturedItemDef,
  type WorksheetDef,
} from "../../../common/content/schema.ts";
import { checkMediaBudget, checkModuleMedia, checkTranscript, type MediaModule } from "./check-media.ts";

/** One problem in the content, with the file (relative to the content root) and line. */
export interface ContentProblem {
  file: string;
  line: number;
  message: string;
  /** A problem with the generated audio/video files only (the text content itself is sound). */
  media?: true;
}

export interface ModuleText {
  front: Record<string, unknown>;
  body: string;
}

export interface LoadedCourse {
  def: CourseYaml;
  dir: string;
  texts: Record<ContentLanguage, { course: CourseText; body: string; modules: Record<string, ModuleText> }>;
  /** Per audio/video module, each language's real length in seconds, read from its media file. */
  mediaSeconds: Record<string, Partial<Record<ContentLanguage, number>>>;
}

export interface LoadedPage {
  key: string;
  texts: Record<ContentLanguage, { slug: string; title: string; description?: string | undefined; body: string }>;
}

export interface LoadedContent {
  courses: LoadedCourse[];
  worksheets: WorksheetDef[];
  pages: LoadedPage[];
  featured: FeaturedItemDef[];
  problems: ContentProblem[];
}

interface Parsed {
  doc: Document;
  counter: LineCounter;
  /** Line of the document's first line in the file (front matter starts on line 2). */
  offset: number;
}

function parseYaml(text: string, offset: number): Parsed {
  const counter = new LineCounter();
  // YAML 1.2: `no:` is a string key, not the boolean false.
  const doc = parseDocument(text, { lineCounter: counter, version: "1.2", prettyErrors: false });
  return { doc, counter, offset };
}

function lineOf(parsed: Parsed, pathParts: readonly PropertyKey[]): number {
  let node: unknown = parsed.doc.getIn(pathParts as unknown[], true);
  // Walk up until a node with a position (missing keys point at their parent).
  let parts = [...pathParts];
  while ((!node || typeof node !== "object" || !("range" in node)) && parts.length > 0) {
    parts = parts.slice(0, -1);
    node = parts.length ? parsed.doc.getIn(parts as unknown[], true) : parsed.doc.contents;
  }
  const range = node && typeof node === "object" && "range" in node ? (node as { range?: [number, number, number] }).range : undefined;
  return (range ? parsed.counter.linePos(range[0]).line : 1) + parsed.offset - 1;
}

class Collector {
  readonly problems: ContentProblem[] = [];
  readonly root: string;
  constructor(root: string) {
    this.root = root;
  }
  add(file: string, line: number, message: string): void {
    this.problems.push({ file: path.relative(this.root, file), line, message });
  }
  /** Adds a problem with the generated media files. */
  readonly addMedia = (file: string, line: number, message: string): void => {
    this.problems.push({ file: path.relative(this.root, file), line, message, media: true });
  };
  /** Parses YAML and validates it; problems carry the line of the failing value. */
  validate<T>(file: string, parsed: Parsed, schema: z.ZodType<T>): T | null {
    for (const error of parsed.doc.errors) {
      this.add(file, (error.linePos?.[0]?.line ?? 1) + parsed.offset - 1, `YAML: ${error.message.split("\n")[0]}`);
    }
    if (parsed.doc.errors.length) return null;
    const result = schema.safeParse(parsed.doc.toJS());
    if (result.success) return result.data;
    for (const issue of result.error.issues) {
      const where = issue.path.length ? `${issue.path.join(".")}: ` : "";
      this.add(file, lineOf(parsed, issue.path), `${where}${issue.message}`);
    }
    return null;
  }
}

/** Splits `---\nfront matter\n---\nbody`. */
function splitFrontMatter(text: string): { front: string; body: string } | null {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/.exec(text);
  return match ? { front: match[1] ?? "", body: match[2] ?? "" } : null;
}

function readMarkdown(c: Collector, file: string, schema: z.ZodType, missing = "missing file"): ModuleText | null {
  if (!existsSync(file)) {
    c.add(file, 1, missing);
    return null;
  }
  const split = splitFrontMatter(readFileSync(file, "utf8"));
  if (!split) {
    c.add(file, 1, "missing front matter (--- … ---)");
    return null;
  }
  const front = c.validate(file, parseYaml(split.front, 2), schema);
  if (!front) return null;
  if (split.body.trim().length === 0) c.add(file, 1, "empty: the file has no text after the front matter");
  return { front: front as Record<string, unknown>, body: split.body };
}

function dirs(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).filter((name) => statSync(path.join(dir, name)).isDirectory()).sort();
}

function loadWorksheets(c: Collector, root: string): WorksheetDef[] {
  const dir = path.join(root, "worksheets");
  if (!existsSync(dir)) return [];
  const result: WorksheetDef[] = [];
  for (const name of readdirSync(dir).filter((n) => n.endsWith(".yaml")).sort()) {
    const file = path.join(dir, name);
    const def = c.validate(file, parseYaml(readFileSync(file, "utf8"), 1), worksheetSchema);
    if (!def) continue;
    if (def.key !== name.replace(/\.yaml$/, "")) c.add(file, 1, `key "${def.key}" must match the file name`);
    const seen = new Set<string>();
    for (const field of def.fields) {
      if (seen.has(field.key)) c.add(file, 1, `duplicate field key "${field.key}"`);
      seen.add(field.key);
    }
    result.push(def);
  }
  return result;
}

function loadCourse(c: Collector, root: string, key: string, worksheets: Set<string>): LoadedCourse | null {
  const dir = path.join(root, "courses", key);
  const yamlFile = path.join(dir, "course.yaml");
  if (!existsSync(yamlFile)) {
    c.add(yamlFile, 1, "missing course.yaml");
    return null;
  }
  const parsed = parseYaml(readFileSync(yamlFile, "utf8"), 1);
  const def = c.validate(yamlFile, parsed, courseYamlSchema);
  if (!def) return null;
  if (def.key !== key) c.add(yamlFile, lineOf(parsed, ["key"]), `key "${def.key}" must match the folder name "${key}"`);
  if (!existsSync(path.join(dir, def.image))) c.add(yamlFile, lineOf(parsed, ["image"]), `image ${def.image} not found`);

  const moduleKeys = new Map<string, string>();
  const mediaModules: MediaModule[] = [];
  const partKeys = new Set<string>();
  def.parts.forEach((part, p) => {
    if (partKeys.has(part.key)) c.add(yamlFile, lineOf(parsed, ["parts", p, "key"]), `duplicate part key "${part.key}"`);
    partKeys.add(part.key);
    if (p === 0 && part.pause_days !== 0) c.add(yamlFile, lineOf(parsed, ["parts", p, "pause_days"]), "the first part has no pause");
    part.modules.forEach((module, m) => {
      const at = (field: string) => lineOf(parsed, ["parts", p, "modules", m, field]);
      if (moduleKeys.has(module.key)) c.add(yamlFile, at("key"), `duplicate module key "${module.key}"`);
      moduleKeys.set(module.key, module.type);
      if (module.type === "worksheet" && !worksheets.has(module.worksheet)) {
        c.add(yamlFile, at("worksheet"), `unknown worksheet "${module.worksheet}"`);
      }
      if (module.type === "audio" || module.type === "video") {
        const { key: moduleKey, type, media, duration_seconds: durationSeconds } = module;
        mediaModules.push({ key: moduleKey, type, media, durationSeconds, mediaLine: at("media"), durationLine: at("duration_seconds") });
      }
    });
  });

  const texts = {} as LoadedCourse["texts"];
  for (const lang of CONTENT_LANGUAGES) {
    const langDir = path.join(dir, lang);
    if (!existsSync(langDir)) {
      c.add(langDir, 1, `missing language "${lang}": no folder courses/${key}/${lang}/`);
      continue;
    }
    const courseFile = path.join(langDir, "course.md");
    const course = readMarkdown(c, courseFile, courseTextSchema);
    const modules: Record<string, ModuleText> = {};
    for (const [moduleKey, type] of moduleKeys) {
      const file = path.join(langDir, `${moduleKey}.md`);
      const text = readMarkdown(c, file, moduleFrontMatter[type as keyof typeof moduleFrontMatter]);
      if (text) modules[moduleKey] = text;
      if (text && (type === "audio" || type === "video")) checkTranscript(c.add.bind(c), file, type, text.front, text.body, lang);
    }
    for (const name of readdirSync(langDir).filter((n) => n.endsWith(".md") && n !== "course.md")) {
      if (!moduleKeys.has(name.replace(/\.md$/, ""))) c.add(path.join(langDir, name), 1, "no module with this key in course.yaml");
    }
    if (course) {
      const front = course.front as CourseText;
      for (const partKey of partKeys) {
        if (!front.parts[partKey]) c.add(courseFile, 1, `parts: missing the title of part "${partKey}"`);
      }
      texts[lang] = { course: front, body: course.body, modules };
    }
  }
  const mediaSeconds: LoadedCourse["mediaSeconds"] = {};
  for (const module of mediaModules) {
    const moduleTexts: Parameters<typeof checkModuleMedia>[4] = {};
    for (const lang of CONTENT_LANGUAGES) {
      const text = texts[lang]?.modules[module.key];
      if (text) moduleTexts[lang] = { file: path.join(dir, lang, `${module.key}.md`), front: text.front };
    }
    mediaSeconds[module.key] = checkModuleMedia(c.addMedia, root, yamlFile, module, moduleTexts);
  }
  return { def, dir, texts, mediaSeconds };
}

function loadPages(c: Collector, root: string): LoadedPage[] {
  const pages: LoadedPage[] = [];
  for (const key of dirs(path.join(root, "pages"))) {
    const texts = {} as LoadedPage["texts"];
    let complete = true;
    for (const lang of CONTENT_LANGUAGES) {
      const text = readMarkdown(c, path.join(root, "pages", key, `${lang}.md`), pageFrontMatter, `missing language "${lang}"`);
      if (!text) {
        complete = false;
        continue;
      }
      const front = text.front as z.infer<typeof pageFrontMatter>;
      texts[lang] = { slug: front.slug, title: front.title, description: front.description, body: text.body };
    }
    if (complete) pages.push({ key, texts });
  }
  return pages;
}

function checkUniqueSlugs(c: Collector, root: string, courses: LoadedCourse[], pages: LoadedPage[]): void {
  for (const lang of CONTENT_LANGUAGES) {
    const seen = new Map<string, string>();
    const note = (slug: string, file: string) => {
      const other = seen.get(slug);
      if (other) c.add(file, 2, `slug "${slug}" (${lang}) is also used by ${other}`);
      seen.set(slug, path.relative(root, file));
    };
    for (const course of courses) {
      const text = course.texts[lang];
      if (text) note(text.course.slug, path.join(course.dir, lang, "course.md"));
    }
    for (const page of pages) note(page.texts[lang].slug, path.join(root, "pages", page.key, `${lang}.md`));
  }
}

/** `featured.yaml` (optional): valid items whose course, module or page exists. */
function loadFeatured(c: Collector, root: string, courses: LoadedCourse[], pages: LoadedPage[]): FeaturedItemDef[] {
  const file = path.join(root, "featured.yaml");
  if (!existsSync(file)) return [];
  const parsed = parseYaml(readFileSync(file, "utf8"), 1);
  const featured = c.validate(file, parsed, featuredYamlSchema);
  if (!featured) return [];
  const seen = new Set<string>();
  return featured.items.filter((item, i) => {
    const problem = (field: string, message: string) => {
      c.add(file, lineOf(parsed, ["items", i, field]), `items.${i}.${field}: ${message}`);
      return false;
    };
    if (seen.has(item.key)) return problem("key", `duplicate key "${item.key}"`);
    seen.add(item.key);
    if (item.kind === "page") return pages.some((p) => p.key === item.page) || problem("page", `no page "${item.page}" in pages/`);
    const course = courses.find((co) => co.def.key === item.course);
    if (!course) return problem("course", `no course "${item.course}" in courses/`);
    if (item.kind === "module" && !course.def.parts.some((p) => p.modules.some((m) => m.key === item.module))) {
      return problem("module", `no module "${item.module}" in course "${item.course}"`);
    }
    return true;
  });
}

/** Reads and validates everything under the content root. */
export function loadContent(root: string): LoadedContent {
  const c = new Collector(root);
  const worksheets = loadWorksheets(c, root);
  const worksheetKeys = new Set(worksheets.map((w) => w.key));
  const courses = dirs(path.join(root, "courses"))
    .map((key) => loadCourse(c, root, key, worksheetKeys))
    .filter((course): course is LoadedCourse => course !== null);
  const pages = loadPages(c, root);
  checkUniqueSlugs(c, root, courses, pages);
  checkMediaBudget(c.addMedia, root);
  const featured = loadFeatured(c, root, courses, pages);
  return { courses, worksheets, pages, featured, problems: c.problems };
}
