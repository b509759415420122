import { describe, expect, it } from "vitest";
import { NONCE_MARK, RenderCache, withNonce, type CachedPage } from "./render-cache.ts";

function page(body: string, status = 200): CachedPage {
  return { status, headers: [["content-type", "text/html; charset=utf-8"]], body };
}

function cache(now: { t: number }, options: Partial<{ maxEntries: number; maxBytes: number; ttlMs: number }> = {}) {
  return new RenderCache({ maxEntries: 3, maxBytes: 1_000_000, ttlMs: 60_000, now: () => now.t, ...options });
}

describe("RenderCache", () => {
  it("renders a key once and serves it from memory after that", async () => {
    const now = { t: 0 };
    const pages = cache(now);
    let renders = 0;
    const render = async () => {
      renders += 1;
      return { page: page(`<p>${renders}</p>`), keep: true };
    };
    expect(await pages.getOrRender("a", render)).toEqual({ page: page("<p>1</p>"), hit: false });
    expect(await pages.getOrRender("a", render)).toEqual({ page: page("<p>1</p>"), hit: true });
    expect(renders).toBe(1);
    expect(pages.stats).toMatchObject({ hits: 1, misses: 1, stored: 1 });
  });

  it("shares one render among requests that arrive while it runs", async () => {
    const pages = cache({ t: 0 });
    let renders = 0;
    let finish!: () => void;
    const gate = new Promise<void>((resolve) => (finish = resolve));
    const render = async () => {
      renders += 1;
      await gate;
      return { page: page("<p>once</p>"), keep: true };
    };
    const all = Promise.all([1, 2, 3, 4, 5].map(() => pages.getOrRender("a", render)));
    finish();
    const results = await all;
    expect(renders).toBe(1);
    expect(results.map((r) => r.page?.body)).toEqual(Array(5).fill("<p>once</p>"));
  });

  it("never shares or keeps a page that must not be kept: the others render for themselves", async () => {
    const pages = cache({ t: 0 });
    let finish!: () => void;
    const gate = new Promise<void>((resolve) => (finish = resolve));
    const render = async () => {
      await gate;
      return { page: page("redirect", 302), keep: false };
    };
    const first = pages.getOrRender("a", render);
    const second = pages.getOrRender("a", render);
    finish();
    expect((await first).page?.status).toBe(302);
    expect((await second).page).toBeNull();
    expect(pages.size).toBe(0);
    expect((await pages.getOrRender("a", render)).hit).toBe(false);
  });

  it("a failed render is not kept, and those waiting for it render for themselves", async () => {
    const pages = cache({ t: 0 });
    let finish!: () => void;
    const gate = new Promise<void>((resolve) => (finish = resolve));
    const failing = async (): Promise<{ page: CachedPage; keep: boolean }> => {
      await gate;
      throw new Error("render failed");
    };
    const first = pages.getOrRender("a", failing);
    const second = pages.getOrRender("a", failing);
    finish();
    await expect(first).rejects.toThrow("render failed");
    expect((await second).page).toBeNull();
    expect(pages.size).toBe(0);
  });

  it("forgets an entry after its time to live", async () => {
    const now = { t: 0 };
    const pages = cache(now, { ttlMs: 1_000 });
    pages.set("a", page("old"));
    now.t = 999;
    expect(pages.get("a")?.body).toBe("old");
    now.t = 1_000;
    expect(pages.get("a")).toBeNull();
    expect(pages.size).toBe(0);
    expect(pages.storedBytes).toBe(0);
  });

  it("keeps at most maxEntries, dropping the least recently used", () => {
    const pages = cache({ t: 0 }, { maxEntries: 2 });
    pages.set("a", page("a"));
    pages.set("b", page("b"));
    pages.get("a");
    pages.set("c", page("c"));
    expect(pages.get("b")).toBeNull();
    expect(pages.get("a")?.body).toBe("a");
    expect(pages.get("c")?.body).toBe("c");
    expect(pages.stats.evicted).toBe(1);
  });

  it("keeps at most maxBytes of HTML and never a page larger than that", () => {
    const pages = cache({ t: 0 }, { maxEntries: 100, maxBytes: 100 });
    pages.set("a", page("x".repeat(30)));
    pages.set("b", page("y".repeat(30)));
    expect(pages.storedBytes).toBe(60);
    pages.set("c", page("z".repeat(30)));
    expect(pages.size).toBe(1);
    expect(pages.storedBytes).toBe(60);
    pages.set("huge", page("h".repeat(51)));
    expect(pages.get("huge")).toBeNull();
    expect(pages.storedBytes).toBeLessThanOrEqual(100);
  });

  it("clear empties it", () => {
    const pages = cache({ t: 0 });
    pages.set("a", page("a"));
    pages.clear();
    expect(pages.size).toBe(0);
    expect(pages.storedBytes).toBe(0);
    expect(pages.get("a")).toBeNull();
  });
});

describe("withNonce", () => {
  it("puts the response's nonce wherever the mark stands, and nowhere else", () => {
    const kept = page(`<script nonce="${NONCE_MARK}">a</script><link nonce="${NONCE_MARK}"/><p>n0nce text</p>`);
    const html = withNonce(kept, "abc123==");
    expect(html).toBe(`<script nonce="abc123==">a</script><link nonce="abc123=="/><p>n0nce text</p>`);
    expect(html).not.toContain(NONCE_MARK);
  });

  it("the mark is shaped like a nonce and differs between processes' random draws", () => {
    expect(NONCE_MARK).toMatch(/^[A-Za-z0-9]{29}$/);
  });
});
