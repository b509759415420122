import { readFileSync } from "node:fs";
import { describe, it, expect } from "vitest";

/**
 * Reads tokens.css and checks, for each of the four colour modes, that every token exists and
 * that the colour pairs the components use meet WCAG 2.2 AA: 4.5:1 for text, 3:1 for focus
 * indicators, input borders and status icons (non-text contrast, SC 1.4.11).
 */

const THEMES = ["green", "white", "black", "pink"] as const;
type Theme = (typeof THEMES)[number];

/** Colour tokens every theme must define, as hex (the backdrop may be rgba). */
const HEX_TOKENS = [
  "--color-bg",
  "--color-surface",
  "--color-surface-raised",
  "--color-text",
  "--color-muted",
  "--color-accent",
  "--color-accent-hover",
  "--color-accent-text",
  "--color-accent-soft",
  "--color-border",
  "--color-input-border",
  "--color-focus",
  "--color-success",
  "--color-success-soft",
  "--color-warning",
  "--color-warning-soft",
  "--color-danger",
  "--color-danger-hover",
  "--color-danger-text",
  "--color-danger-soft",
] as const;
type HexToken = (typeof HEX_TOKENS)[number];
const OTHER_TOKENS = ["--color-backdrop", "color-scheme"] as const;

type Pair = readonly [foreground: HexToken, background: HexToken];

/** Text: at least 4.5:1. */
const TEXT_PAIRS: readonly Pair[] = [
  ["--color-text", "--color-bg"],
  ["--color-text", "--color-surface"],
  ["--color-text", "--color-surface-raised"],
  ["--color-text", "--color-accent-soft"],
  ["--color-text", "--color-success-soft"],
  ["--color-text", "--color-warning-soft"],
  ["--color-text", "--color-danger-soft"],
  ["--color-muted", "--color-bg"],
  ["--color-muted", "--color-surface"],
  ["--color-muted", "--color-surface-raised"],
  ["--color-accent", "--color-bg"],
  ["--color-accent", "--color-surface"],
  ["--color-accent", "--color-surface-raised"],
  ["--color-accent", "--color-accent-soft"],
  ["--color-accent-text", "--color-accent"],
  ["--color-accent-text", "--color-accent-hover"],
  ["--color-danger", "--color-bg"],
  ["--color-danger", "--color-surface"],
  ["--color-danger", "--color-surface-raised"],
  ["--color-danger", "--color-danger-soft"],
  ["--color-danger-text", "--color-danger"],
  ["--color-danger-text", "--color-danger-hover"],
];

/** Focus indicators, input borders and status icons: at least 3:1. */
const NON_TEXT_PAIRS: readonly Pair[] = [
  ["--color-focus", "--color-bg"],
  ["--color-focus", "--color-surface"],
  ["--color-focus", "--color-surface-raised"],
  ["--color-input-border", "--color-bg"],
  ["--color-input-border", "--color-surface"],
  ["--color-input-border", "--color-surface-raised"],
  ["--color-success", "--color-bg"],
  ["--color-success", "--color-surface"],
  ["--color-success", "--color-success-soft"],
  ["--color-warning", "--color-bg"],
  ["--color-warning", "--color-surface"],
  ["--color-warning", "--color-warning-soft"],
  ["--color-accent", "--color-accent-soft"],
  ["--color-danger", "--color-danger-soft"],
];

type Rgb = readonly [number, number, number];

function parseHex(value: string): Rgb {
  const match = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(value.trim());
  if (!match?.[1]) throw new Error(`Not a hex colour: ${value}`);
  const hex = match[1].length === 3 ? [...match[1]].map((c) => c + c).join("") : match[1];
  return [0, 2, 4].map((i) => Number.parseInt(hex.slice(i, i + 2), 16)) as unknown as Rgb;
}

/** WCAG 2.2 relative luminance of an sRGB colour. */
function relativeLuminance([r, g, b]: Rgb): number {
  const linear = (channel: number) => {
    const c = channel / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** WCAG 2.2 contrast ratio, from 1 to 21. */
function contrastRatio(a: string, b: string): number {
  const la = relativeLuminance(parseHex(a));
  const lb = relativeLuminance(parseHex(b));
  const [light, dark] = la > lb ? [la, lb] : [lb, la];
  return (light + 0.05) / (dark + 0.05);
}

interface Rule {
  selectors: string[];
  declarations: Map<string, string>;
}

/** Top-level and @media-nested rules with their declarations; comments removed. */
function parseRules(css: string): Rule[] {
  const withoutComments = css.replace(/\/\*[\s\S]*?\*\//g, "");
  const rules: Rule[] = [];
  for (const match of withoutComments.matchAll(/([^{}]+)\{([^{}]*)\}/g)) {
    const selectorText = (match[1] ?? "").trim();
    const body = match[2] ?? "";
    const declarations = new Map<string, string>();
    for (const declaration of body.split(";")) {
      const colon = declaration.indexOf(":");
      if (colon === -1) continue;
      declarations.set(declaration.slice(0, colon).trim(), declaration.slice(colon + 1).trim());
    }
    rules.push({ selectors: selectorText.split(",").map((s) => s.trim()), declarations });
  }
  return rules;
}

const css = readFileSync(new URL("./tokens.css", import.meta.url), "utf8");
const rules = parseRules(css);

function themeRules(theme: Theme): Rule[] {
  const selector = `html[data-theme="${theme}"]`;
  return rules.filter((rule) => rule.selectors.includes(selector));
}

function themeTokens(theme: Theme): Map<string, string> {
  const tokens = new Map<string, string>();
  for (const rule of themeRules(theme)) {
    for (const [name, value] of rule.declarations) tokens.set(name, value);
  }
  return tokens;
}

function tokenValue(tokens: Map<string, string>, theme: Theme, name: string): string {
  const value = tokens.get(name);
  if (value === undefined || value === "") throw new Error(`Theme "${theme}" is missing ${name}`);
  return value;
}

function pairName([fg, bg]: Pair): string {
  return `${fg.replace("--color-", "")} on ${bg.replace("--color-", "")}`;
}

describe("contrastRatio", () => {
  it("gives 21 for black on white, in either order", () => {
    expect(contrastRatio("#000000", "#ffffff")).toBeCloseTo(21, 5);
    expect(contrastRatio("#fff", "#000")).toBeCloseTo(21, 5);
  });

  it("gives 1 for a colour on itself", () => {
    expect(contrastRatio("#084c44", "#084C44")).toBeCloseTo(1, 5);
  });

  it("gives about 4.48 for #777 on white (just below AA)", () => {
    const ratio = contrastRatio("#777", "#fff");
    expect(ratio).toBeCloseTo(4.48, 2);
    expect(ratio).toBeLessThan(4.5);
  });

  it("gives about 4.54 for #767676 on white (just above AA)", () => {
    expect(contrastRatio("#767676", "#ffffff")).toBeCloseTo(4.54, 2);
  });

  it("rejects values that are not hex colours", () => {
    expect(() => contrastRatio("red", "#fff")).toThrow();
    expect(() => contrastRatio("#12345", "#fff")).toThrow();
  });
});

describe("theme token parsing", () => {
  it("fails when a theme is missing a token", () => {
    const tokens = new Map([["--color-bg", "#ffffff"]]);
    expect(() => tokenValue(tokens, "white", "--color-text")).toThrow(/missing --color-text/);
  });

  it("makes green the default theme on :root", () => {
    const defaults = rules.filter(
      (rule) =>
        rule.selectors.includes(":root") && rule.selectors.includes('html[data-theme="green"]'),
    );
    expect(defaults).toHaveLength(1);
  });
});

describe.each(THEMES)("theme %s", (theme) => {
  const tokens = themeTokens(theme);
  const color = (name: HexToken) => tokenValue(tokens, theme, name);

  it("is defined in tokens.css", () => {
    expect(themeRules(theme).length).toBeGreaterThan(0);
  });

  it.each([...HEX_TOKENS, ...OTHER_TOKENS])("defines %s", (name) => {
    expect(tokenValue(tokens, theme, name)).not.toBe("");
  });

  it.each(HEX_TOKENS)("writes %s as a hex colour", (name) => {
    expect(color(name)).toMatch(/^#([0-9a-f]{3}|[0-9a-f]{6})$/i);
  });

  it("declares a colour scheme", () => {
    expect(tokenValue(tokens, theme, "color-scheme")).toMatch(/^(light|dark)$/);
  });

  it.each(TEXT_PAIRS.map((pair) => [pairName(pair), pair] as const))(
    "%s is at least 4.5:1",
    (_name, [fg, bg]) => {
      expect(contrastRatio(color(fg), color(bg))).toBeGreaterThanOrEqual(4.5);
    },
  );

  it.each(NON_TEXT_PAIRS.map((pair) => [pairName(pair), pair] as const))(
    "%s is at least 3:1",
    (_name, [fg, bg]) => {
      expect(contrastRatio(color(fg), color(bg))).toBeGreaterThanOrEqual(3);
    },
  );
});
