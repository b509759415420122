import MarkdownIt from "markdown-it";

/**
 * Markdown → HTML for course texts and pages. Raw HTML in the source is escaped (html: false),
 * so the output holds only the elements Markdown produces; links get no target tricks.
 */
const md = new MarkdownIt({ html: false, linkify: false, typographer: false, breaks: false });

export function renderMarkdown(source: string): string {
  return md.render(source).trim();
}
