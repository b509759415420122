import type { AppContext } from "../../app-context.ts";
import { contentGeneration } from "./content-generation.ts";

interface Entry<V> {
  generation: number;
  readAt: number;
  value: Promise<V>;
}

/**
 * How long a process keeps what it read of imported content at most: content is imported when an
 * instance starts, and another instance's import is seen by this one within this time. This
 * process's own imports are seen at once (the content generation).
 */
export const CONTENT_CACHE_MS = 60_000;

/**
 * A cache of values read from imported content that carry no personal data (a content page, the
 * featured items), per database and key. A value is read again after this process imports content
 * or after `CONTENT_CACHE_MS`; a read that fails is not kept, nor is `undefined` (a page that does
 * not exist: the keys kept are bounded by the content, not by what people ask for).
 */
export function contentCache<V>(): (ctx: Pick<AppContext, "db" | "clock">, key: string, read: () => Promise<V | undefined>) => Promise<V | undefined> {
  const caches = new WeakMap<object, Map<string, Entry<V | undefined>>>();
  return async (ctx, key, read) => {
    let cache = caches.get(ctx.db);
    if (!cache) {
      cache = new Map();
      caches.set(ctx.db, cache);
    }
    const now = ctx.clock.now().getTime();
    const generation = contentGeneration();
    const hit = cache.get(key);
    if (hit && hit.generation === generation && now - hit.readAt < CONTENT_CACHE_MS && now >= hit.readAt) return hit.value;
    const entry: Entry<V | undefined> = { generation, readAt: now, value: read() };
    cache.set(key, entry);
    try {
      const value = await entry.value;
      if (value === undefined && cache.get(key) === entry) cache.delete(key);
      return value;
    } catch (error) {
      if (cache.get(key) === entry) cache.delete(key);
      throw error;
    }
  };
}
