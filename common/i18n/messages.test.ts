import { readFileSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ERROR_CODES } from "../errors/error-codes.ts";
import { SCREENS } from "../routing/route-table.ts";
import { LOCALE_SETTINGS, LOCALES } from "./locales.ts";

const root = path.resolve(import.meta.dirname, "../..");

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ""): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const full = prefix ? `${prefix}.${key}` : key;
    if (typeof value === "string") out.set(full, value);
    else for (const [k, v] of flatten(value, full)) out.set(k, v);
  }
  return out;
}

const messages = Object.fromEntries(
  LOCALES.map((locale) => {
    const file = path.join(root, "common/i18n/locales", `${LOCALE_SETTINGS[locale].messages}.json`);
    return [locale, flatten(JSON.parse(readFileSync(file, "utf8")) as Tree)];
  }),
);

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir)) {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) out.push(...sourceFiles(full));
    else if (/\.(ts|tsx)$/.test(entry) && !/\.test\.tsx?$/.test(entry)) out.push(full);
  }
  return out;
}

/** Keys the code uses: literal `t("a.b")` calls and `i18nKey="a.b"` props. */
function literalKeys(): Map<string, string> {
  const used = new Map<string, string>();
  for (const file of [...sourceFiles(path.join(root, "app")), ...sourceFiles(path.join(root, "common"))]) {
    const text = readFileSync(file, "utf8");
    for (const match of text.matchAll(/\bt\(\s*"([a-zA-Z0-9_.]+)"/g)) used.set(match[1] ?? "", file);
    for (const match of text.matchAll(/i18nKey="([a-zA-Z0-9_.]+)"/g)) used.set(match[1] ?? "", file);
  }
  return used;
}

/** Key families the code builds from values: every value must have its key. */
const FAMILIES: string[] = [
  ...SCREENS.filter((s) => !s.servedByServer).flatMap((s) =>
    ["title", "heading", "description"].map((part) => `screens.${s.id}.${part}`),
  ),
  ...ERROR_CODES.map((code) => `errors.codes.${code}`),
  "errors.codes.network",
  ...["green", "white", "black", "pink"].map((theme) => `themes.${theme}`),
];

function has(locale: (typeof LOCALES)[number], key: string): boolean {
  const map = messages[locale];
  if (!map) return false;
  // A plural key exists through its _one/_other forms.
  return map.has(key) || (map.has(`${key}_one`) && map.has(`${key}_other`));
}

describe("message files", () => {
  it("have the same keys in all four languages", () => {
    const reference = [...(messages.sv?.keys() ?? [])].sort();
    for (const locale of LOCALES) {
      const keys = [...(messages[locale]?.keys() ?? [])].sort();
      expect({ locale, missing: reference.filter((k) => !keys.includes(k)) }).toEqual({ locale, missing: [] });
      expect({ locale, extra: keys.filter((k) => !reference.includes(k)) }).toEqual({ locale, extra: [] });
    }
  });

  it("have no empty messages", () => {
    for (const locale of LOCALES) {
      for (const [key, value] of messages[locale] ?? []) {
        expect({ locale, key, empty: value.trim() === "" }).toEqual({ locale, key, empty: false });
      }
    }
  });

  it("define every key the code uses", () => {
    const used = literalKeys();
    expect(used.size).toBeGreaterThan(20);
    for (const [key, file] of used) {
      for (const locale of LOCALES) {
        expect({ key, locale, file: path.relative(root, file), defined: has(locale, key) }).toMatchObject({ defined: true });
      }
    }
  });

  it("define every key of the families the code builds (screens, error codes, themes)", () => {
    for (const key of FAMILIES) {
      for (const locale of LOCALES) {
        expect({ key, locale, defined: has(locale, key) }).toMatchObject({ defined: true });
      }
    }
  });
});
