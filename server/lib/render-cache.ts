import { randomBytes } from "node:crypto";

/**
 * Server-rendered pages for visitors, kept in memory (issue 19). A page without personal data is
 * the same for every visitor who asks for the same path, language, colour theme and content: it is
 * rendered once and served from here until the content changes or the entry grows old.
 *
 * The one per-response part inside the HTML is the CSP nonce. A page is rendered for the cache
 * with `NONCE_MARK` as its nonce; every response replaces the mark with its own fresh nonce, so
 * no nonce is ever sent twice. Cookies and the other per-response headers are set by the server's
 * hooks on every response, as for a fresh render; nothing of a request is stored.
 */

/**
 * Stands in for the nonce in a cached page: unguessable for this process (content cannot contain
 * it by chance or by design) and shaped like a real nonce (base64 letters and digits only, so no
 * escaping changes it).
 */
export const NONCE_MARK = `n0nce${randomBytes(12).toString("hex")}`;

export interface CachedPage {
  status: number;
  /** Response headers of the render (content type, Vary …); a kept page has no Set-Cookie. */
  headers: readonly (readonly [string, string])[];
  /** The HTML with NONCE_MARK where the nonce goes. */
  body: string;
}

interface Entry {
  page: CachedPage;
  bytes: number;
  storedAt: number;
}

export interface RenderCacheOptions {
  /** Entries at most (least recently used goes first). */
  maxEntries: number;
  /** Bytes of HTML at most (UTF-16 length × 2, as V8 holds it at worst). */
  maxBytes: number;
  /** An entry older than this is rendered again (public figures such as statistics move). */
  ttlMs: number;
  now?: () => number;
}

/** A bounded LRU of rendered pages, with one render in flight per key (no stampede). */
export class RenderCache {
  private readonly entries = new Map<string, Entry>();
  private readonly pending = new Map<string, Promise<{ page: CachedPage; keep: boolean }>>();
  private bytes = 0;
  private readonly options: Required<RenderCacheOptions>;
  /** Counts for tests and metrics. */
  readonly stats = { hits: 0, misses: 0, stored: 0, evicted: 0 };

  constructor(options: RenderCacheOptions) {
    this.options = { now: Date.now, ...options };
  }

  get size(): number {
    return this.entries.size;
  }

  get storedBytes(): number {
    return this.bytes;
  }

  /** The cached page, moved to the young end; null when missing or too old. */
  get(key: string): CachedPage | null {
    const entry = this.entries.get(key);
    if (!entry) return null;
    if (this.options.now() - entry.storedAt >= this.options.ttlMs) {
      this.remove(key, entry);
      return null;
    }
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.page;
  }

  /**
   * The page for `key`: from the cache, or rendered by `render`, which says whether the page may
   * be kept (not an error, a redirect or a page that sets a cookie). Callers asking for the same
   * key while it renders share that render when it may be kept, and get null otherwise (they render
   * for themselves); the caller that rendered always gets its page.
   */
  async getOrRender(
    key: string,
    render: () => Promise<{ page: CachedPage; keep: boolean }>,
  ): Promise<{ page: CachedPage | null; hit: boolean }> {
    const cached = this.get(key);
    if (cached) {
      this.stats.hits += 1;
      return { page: cached, hit: true };
    }
    this.stats.misses += 1;
    const running = this.pending.get(key);
    if (running) {
      const shared = await running.catch(() => null);
      return { page: shared?.keep ? shared.page : null, hit: false };
    }
    const flight = render();
    this.pending.set(key, flight);
    try {
      const rendered = await flight;
      if (rendered.keep) this.set(key, rendered.page);
      return { page: rendered.page, hit: false };
    } finally {
      this.pending.delete(key);
    }
  }

  set(key: string, page: CachedPage): void {
    const bytes = page.body.length * 2;
    if (bytes > this.options.maxBytes) return;
    const old = this.entries.get(key);
    if (old) this.remove(key, old);
    this.entries.set(key, { page, bytes, storedAt: this.options.now() });
    this.bytes += bytes;
    this.stats.stored += 1;
    while (this.entries.size > this.options.maxEntries || this.bytes > this.options.maxBytes) {
      const oldest = this.entries.keys().next();
      if (oldest.done) break;
      const entry = this.entries.get(oldest.value);
      if (entry) this.remove(oldest.value, entry);
      this.stats.evicted += 1;
    }
  }

  clear(): void {
    this.entries.clear();
    this.bytes = 0;
  }

  private remove(key: string, entry: Entry): void {
    this.entries.delete(key);
    this.bytes -= entry.bytes;
  }
}

/** The page with this response's nonce in place of the mark. */
export function withNonce(page: CachedPage, nonce: string): string {
  return page.body.split(NONCE_MARK).join(nonce);
}
