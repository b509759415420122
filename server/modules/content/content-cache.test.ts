import path from "node:path";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { countQueries } from "../../db/client.ts";
import { contentPages, featuredContent } from "../../db/schema/content.ts";
import { TestAgent } from "../../testing/agent.ts";
import { FakeClock, createTestApp, type TestApp } from "../../testing/test-app.ts";
import { CONTENT_CACHE_MS, contentCache } from "./content-cache.ts";
import { contentImported } from "./content-generation.ts";
import { importContent } from "./import-content.ts";
import { loadContent } from "./load-content.ts";

describe("contentCache", () => {
  const clock = new FakeClock(Date.UTC(2026, 10, 2, 8, 0, 0));
  const ctx = { db: {} as never, clock };
  function counted<V>(values: (V | undefined)[]) {
    const calls = { count: 0 };
    const read = async () => values[calls.count++];
    return { calls, read };
  }

  it("reads a key once, then answers from memory until this process imports content", async () => {
    const cache = contentCache<string>();
    const { calls, read } = counted(["first", "second"]);
    expect(await cache(ctx, "k", read)).toBe("first");
    expect(await cache(ctx, "k", read)).toBe("first");
    expect(calls.count).toBe(1);
    contentImported();
    expect(await cache(ctx, "k", read)).toBe("second");
    expect(calls.count).toBe(2);
  });

  it("reads again once the time another instance's import may take to be seen has passed", async () => {
    const cache = contentCache<string>();
    const { calls, read } = counted(["first", "second", "third"]);
    expect(await cache(ctx, "k", read)).toBe("first");
    clock.advance(CONTENT_CACHE_MS - 1);
    expect(await cache(ctx, "k", read)).toBe("first");
    clock.advance(1);
    expect(await cache(ctx, "k", read)).toBe("second");
    // A clock set back does not make an entry live longer.
    clock.advance(-5_000);
    expect(await cache(ctx, "k", read)).toBe("third");
    expect(calls.count).toBe(3);
  });

  it("keeps neither a missing value nor a failed read, and keeps keys and databases apart", async () => {
    const cache = contentCache<string>();
    const missing = counted<string>([undefined, undefined]);
    expect(await cache(ctx, "none", missing.read)).toBeUndefined();
    expect(await cache(ctx, "none", missing.read)).toBeUndefined();
    expect(missing.calls.count).toBe(2);
    let fail = true;
    const flaky = async () => {
      if (fail) throw new Error("database gone");
      return "back";
    };
    await expect(cache(ctx, "flaky", flaky)).rejects.toThrow("database gone");
    fail = false;
    expect(await cache(ctx, "flaky", flaky)).toBe("back");
    expect(await cache(ctx, "other", async () => "other")).toBe("other");
    expect(await cache({ db: {} as never, clock }, "flaky", async () => "another database")).toBe("another database");
  });

  it("reads once for requests that arrive together", async () => {
    const cache = contentCache<string>();
    let reads = 0;
    const read = async () => {
      reads += 1;
      await new Promise((r) => setTimeout(r, 5));
      return "value";
    };
    expect(await Promise.all([cache(ctx, "k", read), cache(ctx, "k", read), cache(ctx, "k", read)])).toEqual(["value", "value", "value"]);
    expect(reads).toBe(1);
  });
});

describe("content pages and featured items from the content cache", () => {
  let app: TestApp;
  const clock = new FakeClock(Date.UTC(2026, 10, 2, 8, 0, 0));
  beforeAll(async () => {
    app = await createTestApp({ clock, isolated: true });
    await importContent(app.ctx.db, app.ctx.clock, loadContent(path.resolve("content")));
    contentImported();
  });
  afterAll(async () => {
    await app.close();
  });

  it("a page: read once, then without a statement; another instance's import seen within the cache's time", async () => {
    const agent = new TestAgent(app);
    const first = await agent.get("/api/v1/pages/omoss/");
    expect(first.statusCode).toBe(200);
    const html = first.json().html as string;
    const { result: again, queries } = await countQueries(() => agent.get("/api/v1/pages/omoss/"));
    expect(again.json().html).toBe(html);
    expect(queries).toBe(0);
    // Another instance imports a new text: this one keeps its copy for at most CONTENT_CACHE_MS.
    await app.ctx.db
      .update(contentPages)
      .set({ html: "<p>Ny text</p>" })
      .where(and(eq(contentPages.slug, "omoss"), eq(contentPages.locale, "sv")));
    expect((await agent.get("/api/v1/pages/omoss/")).json().html).toBe(html);
    clock.advance(CONTENT_CACHE_MS);
    expect((await agent.get("/api/v1/pages/omoss/")).json().html).toBe("<p>Ny text</p>");
    // Each language is its own entry (the cookie page has the same slug in all four); a page that
    // does not exist is still 404 every time.
    const titles = [];
    for (const language of ["sv", "nb", "sv", "nb"]) titles.push((await agent.get("/api/v1/pages/cookies/", { "accept-language": language })).json().title);
    expect(titles).toEqual(["Kakor (cookies)", "Informasjonskapsler (cookies)", "Kakor (cookies)", "Informasjonskapsler (cookies)"]);
    expect((await agent.get("/api/v1/pages/finns-inte/")).statusCode).toBe(404);
    expect((await agent.get("/api/v1/pages/finns-inte/")).statusCode).toBe(404);
  });

  it("the featured items: an import by this process is seen at once", async () => {
    const agent = new TestAgent(app);
    const before = (await agent.get("/api/v1/featured-content/")).json() as { key: string; title: string }[];
    expect(before.length).toBeGreaterThan(0);
    const { queries } = await countQueries(() => agent.get("/api/v1/featured-content/"));
    expect(queries).toBe(0);
    const key = before[0]?.key ?? "";
    await app.ctx.db
      .update(featuredContent)
      .set({ titles: { sv: "Ny rubrik", en: "New title", no: "Ny tittel", da: "Ny overskrift" } })
      .where(eq(featuredContent.key, key));
    expect(((await agent.get("/api/v1/featured-content/")).json() as { title: string }[])[0]?.title).toBe(before[0]?.title);
    contentImported();
    expect(((await agent.get("/api/v1/featured-content/")).json() as { title: string }[])[0]?.title).toBe("Ny rubrik");
    expect(((await agent.get("/api/v1/featured-content/", { "accept-language": "en" })).json() as { title: string }[])[0]?.title).toBe("New title");
  });
});
