import { describe, expect, it } from "vitest";
import { renderMarkdown } from "./markdown.ts";

describe("renderMarkdown", () => {
  it("puts a table in a box of its own that scrolls, so a wide table never widens the page", () => {
    const html = renderMarkdown("| Name | What it does |\n|---|---|\n| sessionid | Keeps you logged in. |\n\nAfter.");
    expect(html).toMatch(/^<div class="table-scroll">\s*<table>[\s\S]*<td>sessionid<\/td>[\s\S]*<\/table>\s*<\/div>\s*<p>After\.<\/p>$/);
  });

  it("escapes raw HTML in the source", () => {
    expect(renderMarkdown('<div class="table-scroll">x</div>')).toBe("<p>&lt;div class=&quot;table-scroll&quot;&gt;x&lt;/div&gt;</p>");
  });
});
