import MarkdownIt from "markdown-it";

/**
 * Markdown → HTML for course texts and pages. Raw HTML in the source is escaped (html: false),
 * so the output holds only the elements Markdown produces; links get no target tricks.
 */
const md = new MarkdownIt({ html: false, linkify: false, typographer: false, breaks: false });
// A table scrolls in its own box when it is wider than the page (large text on a phone), so the
// page itself never scrolls sideways (app/styles/base.css, .table-scroll).
md.renderer.rules.table_open = () => '<div class="table-scroll">\n<table>\n';
md.renderer.rules.table_close = () => "</table>\n</div>\n";

export function renderMarkdown(source: string): string {
  return md.render(source).trim();
}
