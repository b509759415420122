import { describe, expect, it } from "vitest";
import { LOCALES } from "../../common/i18n/locales.ts";
import { createI18n, i18nFor, loadMessages } from "./i18n.ts";

const messages = {
  home: { title: "Välkommen", greeting: "Hej {{name}}, du har {{ count }} nya" },
  course: { minutes_one: "{{count}} minut", minutes_other: "{{count}} minuter", parts: "{{count}} delar" },
};

describe("createI18n", () => {
  const { t, language } = createI18n("sv", messages);

  it("finds nested keys and knows its language", () => {
    expect(t("home.title")).toBe("Välkommen");
    expect(language).toBe("sv");
  });

  it("interpolates values and leaves a placeholder without a value as it is", () => {
    expect(t("home.greeting", { name: "Ada", count: 3 })).toBe("Hej Ada, du har 3 nya");
    expect(t("home.greeting", { name: "Ada" })).toBe("Hej Ada, du har {{ count }} nya");
  });

  it("chooses the plural by count with the language's rules, falling back to the bare key", () => {
    expect(t("course.minutes", { count: 1 })).toBe("1 minut");
    expect(t("course.minutes", { count: 0 })).toBe("0 minuter");
    expect(t("course.minutes", { count: 12 })).toBe("12 minuter");
    expect(t("course.parts", { count: 1 })).toBe("1 delar");
  });

  it("gives the default value for a missing key, else the key itself; an object is not a message", () => {
    expect(t("home.missing", { defaultValue: "Reserv" })).toBe("Reserv");
    expect(t("home.missing")).toBe("home.missing");
    expect(t("home")).toBe("home");
    expect(t("home.title.deeper")).toBe("home.title.deeper");
  });

  it("uses Norwegian plural rules for the Norwegian locale", async () => {
    const no = await i18nFor("no");
    expect(no.language).toBe("no");
    expect(no.t("form.errorSummary", { count: 1 })).not.toBe(no.t("form.errorSummary", { count: 2 }));
  });
});

describe("the message files", () => {
  it.each(LOCALES)("%s: every plural key has both its one and other forms", async (locale) => {
    const messages = await loadMessages(locale);
    const keys: string[] = [];
    const walk = (node: unknown, prefix: string) => {
      for (const [name, value] of Object.entries(node as Record<string, unknown>)) {
        if (typeof value === "string") keys.push(`${prefix}${name}`);
        else walk(value, `${prefix}${name}.`);
      }
    };
    walk(messages, "");
    const plural = keys.filter((key) => /_(one|other)$/.test(key));
    expect(plural.length).toBeGreaterThan(0);
    for (const key of plural) {
      const base = key.replace(/_(one|other)$/, "");
      expect(keys, key).toContain(`${base}_one`);
      expect(keys, key).toContain(`${base}_other`);
    }
  });
});
