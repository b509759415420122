/** The four colour modes of §1; the server renders the chosen one as data-theme (no flash). */
export const THEMES = ["green", "white", "black", "pink"] as const;
export type Theme = (typeof THEMES)[number];
export const DEFAULT_THEME: Theme = "green";
export const THEME_COOKIE = "theme";

export function isTheme(value: unknown): value is Theme {
  return typeof value === "string" && (THEMES as readonly string[]).includes(value);
}

export function themeFromCookieHeader(header: string | null): Theme {
  if (!header) return DEFAULT_THEME;
  for (const part of header.split(";")) {
    const [name, value] = part.trim().split("=");
    if (name === THEME_COOKIE && isTheme(value)) return value;
  }
  return DEFAULT_THEME;
}
