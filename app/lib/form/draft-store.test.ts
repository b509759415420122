import { describe, expect, it } from "vitest";
import { DRAFT_MAX_AGE_MS, draftStore, type DraftStorage } from "./draft-store.ts";

/** A tab's sessionStorage, in memory. */
function tabStorage(): DraftStorage & { items: Map<string, string> } {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
    key: (index) => [...items.keys()][index] ?? null,
    get length() {
      return items.size;
    },
  };
}

describe("unsaved drafts of a tab", () => {
  it("gives a draft back to the account it was typed in, until it is removed", () => {
    const storage = tabStorage();
    const store = draftStore(() => storage);
    store.save("worksheet:thought-record", "user-a", { fields: { situation: "Mötet" } });
    // A page load later (a reload, the forced logout and a new login): the same tab's storage.
    expect(draftStore(() => storage).read("worksheet:thought-record", "user-a")).toEqual({ fields: { situation: "Mötet" } });
    store.remove("worksheet:thought-record");
    expect(store.read("worksheet:thought-record", "user-a")).toBeNull();
  });

  it("never gives one account's draft to another account logging in in the same tab, and drops it", () => {
    const storage = tabStorage();
    const store = draftStore(() => storage);
    store.save("worksheet:thought-record", "user-a", { fields: { situation: "Privat" } });
    expect(store.read("worksheet:thought-record", "user-b")).toBeNull();
    expect(storage.items.size).toBe(0);
  });

  it("drops a draft older than a session can last", () => {
    const storage = tabStorage();
    let now = 1_000_000;
    const store = draftStore(() => storage, () => now);
    store.save("worksheet:x", "user-a", { fields: { a: "b" } });
    now += DRAFT_MAX_AGE_MS;
    expect(store.read("worksheet:x", "user-a")).toEqual({ fields: { a: "b" } });
    now += 1;
    expect(store.read("worksheet:x", "user-a")).toBeNull();
    expect(storage.items.size).toBe(0);
  });

  it("at logout removes every draft and nothing else of the tab", () => {
    const storage = tabStorage();
    storage.setItem("chunk-reload-at", "1");
    const store = draftStore(() => storage);
    store.save("worksheet:a", "user-a", 1);
    store.save("worksheet:b", "user-a", 2);
    store.clear();
    expect([...storage.items.keys()]).toEqual(["chunk-reload-at"]);
  });

  it("is a help, never an error: missing, full or damaged storage", () => {
    const full: DraftStorage = { ...tabStorage(), setItem: () => { throw new DOMException("full", "QuotaExceededError"); } };
    expect(() => draftStore(() => full).save("worksheet:a", "user-a", 1)).not.toThrow();
    expect(draftStore(() => null).read("worksheet:a", "user-a")).toBeNull();
    const damaged = tabStorage();
    damaged.setItem("draft:worksheet:a", "{not json");
    expect(draftStore(() => damaged).read("worksheet:a", "user-a")).toBeNull();
  });
});
