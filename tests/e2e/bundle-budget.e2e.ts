import { describe, expect, it } from "vitest";
import { SCREENS, routeId, type Screen } from "../../common/routing/route-table.ts";
import { allCssGzip, firstLoad, messageChunks, readManifest } from "./support/bundle.ts";

/**
 * Bundle budgets (shared/design/performance.md), on the production build the e2e global setup
 * makes: gzip JavaScript of a first load ≤ 150 KB on public pages and ≤ 250 KB on logged-in pages,
 * all CSS ≤ 50 KB. Every screen of the route table is measured, so a new screen is budgeted too.
 * A first load includes the page language's messages (the largest of the four is counted).
 */

const KB = 1024;
const PUBLIC_JS = 150 * KB;
const LOGGED_IN_JS = 250 * KB;
const ALL_CSS = 50 * KB;
/** Screens that a visitor cannot reach: they get the logged-in budget. */
const LOGGED_IN_GUARDS = new Set(["auth", "loggedin", "enable2fa", "notverified"]);

const screens = SCREENS.filter((s) => !s.servedByServer);
const isLoggedIn = (s: Screen) => s.guards.some((g) => LOGGED_IN_GUARDS.has(g));
const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;

describe("bundle budget", () => {
  const manifest = readManifest();
  const messages = Math.max(...messageChunks().map((c) => c.gzip));
  const rows = screens.map((s) => {
    // With lazy route discovery the document's partial manifest also holds the routes of `/`.
    const load = firstLoad(manifest, routeId(s.id, "sv"), undefined, { alsoRoutes: [routeId("home", "sv")] });
    return {
      screen: s.id,
      kind: isLoggedIn(s) ? "logged in" : "public",
      budget: isLoggedIn(s) ? LOGGED_IN_JS : PUBLIC_JS,
      ...load,
      js: [...load.js, "messages"],
      jsGzip: load.jsGzip + messages,
    };
  });

  it("prints the figures", () => {
    const lines = rows.map(
      (r) =>
        `  ${r.screen.padEnd(20)} ${r.kind.padEnd(10)} JS ${kb(r.jsGzip).padStart(9)} / ${kb(r.budget)} (${r.js.length} files)   CSS ${kb(r.cssGzip).padStart(8)}`,
    );
    console.log(
      `First-load gzip sizes (build/client, React Router manifest, messages ${kb(messages)} included):\n${lines.join("\n")}\n  all CSS ${kb(allCssGzip())} / ${kb(ALL_CSS)}`,
    );
    expect(rows.length).toBe(screens.length);
  });

  it("covers the pages the budget names", () => {
    const named = ["home", "courses", "screening", "dashboard", "course", "profile"];
    expect(
      rows
        .filter((r) => named.includes(r.screen))
        .map((r) => `${r.screen}:${r.kind}`)
        .sort(),
    ).toEqual([
      // The course page is public since issue 20 (a visitor sees the public course): the public budget.
      "course:public",
      "courses:public",
      "dashboard:logged in",
      "home:public",
      "profile:logged in",
      "screening:public",
    ]);
  });

  it.each(screens.map((s) => [s.id, s] as const))(
    "%s: first-load JavaScript within budget",
    (_id, s) => {
      const row = rows.find((r) => r.screen === s.id);
      expect(row?.jsGzip).toBeGreaterThan(0);
      expect(
        row?.jsGzip ?? Infinity,
        `${s.id}: ${kb(row?.jsGzip ?? 0)} > ${kb(row?.budget ?? 0)}`,
      ).toBeLessThanOrEqual(row?.budget ?? 0);
    },
  );

  it("all CSS within 50 KB gzip", () => {
    const total = allCssGzip();
    expect(total).toBeGreaterThan(0);
    expect(total, `all CSS ${kb(total)}`).toBeLessThanOrEqual(ALL_CSS);
    for (const row of rows) expect(row.cssGzip).toBeLessThanOrEqual(ALL_CSS);
  });
});
