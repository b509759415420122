/**
 * What a person has typed and not yet saved, kept for this tab only (sessionStorage, `draft:<name>`)
 * so that it is not lost when the page goes away before it was saved: a reload, the module
 * overlay closed, or — spec §8 — a session that ended while they wrote, when the forced logout
 * loads the home page (the form writes its draft again as the page goes, after the logout's
 * Clear-Site-Data). A draft belongs to the account it was typed in: another account in the
 * same tab never sees it, and it is dropped after DRAFT_MAX_AGE_MS. It goes when it is saved or
 * emptied, when the tab closes, and at logout (clearDrafts, and the server's Clear-Site-Data).
 */
export const DRAFT_PREFIX = "draft:";
/** The longest a session lasts (SESSION_ABSOLUTE_HOURS): an older draft is not given back. */
export const DRAFT_MAX_AGE_MS = 12 * 3_600_000;

interface StoredDraft {
  owner: string;
  at: number;
  value: unknown;
}

export interface DraftStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
  key(index: number): string | null;
  readonly length: number;
}

function sessionStore(): DraftStorage | null {
  try {
    return typeof window === "undefined" ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

export interface DraftStore {
  /** Keeps `value` as the draft `name` of account `owner`. */
  save(name: string, owner: string, value: unknown): void;
  /** The draft `name` of `owner`, or null; another account's or an old draft is removed. */
  read(name: string, owner: string): unknown;
  remove(name: string): void;
  /** Every draft of this tab (logout). */
  clear(): void;
}

export function draftStore(storage: () => DraftStorage | null = sessionStore, now: () => number = Date.now): DraftStore {
  // Storage can be missing, full or refused (private modes): a draft is a help, never an error.
  const attempt = <T>(action: (store: DraftStorage) => T, otherwise: T): T => {
    try {
      const store = storage();
      return store ? action(store) : otherwise;
    } catch {
      return otherwise;
    }
  };
  return {
    save(name, owner, value) {
      attempt((store) => store.setItem(DRAFT_PREFIX + name, JSON.stringify({ owner, at: now(), value } satisfies StoredDraft)), undefined);
    },
    read(name, owner) {
      return attempt((store) => {
        const raw = store.getItem(DRAFT_PREFIX + name);
        if (raw === null) return null;
        let stored: Partial<StoredDraft> | null = null;
        try {
          stored = JSON.parse(raw) as Partial<StoredDraft>;
        } catch {
          // A damaged draft is as good as none.
        }
        const fresh = typeof stored?.at === "number" && now() - stored.at <= DRAFT_MAX_AGE_MS;
        if (stored && stored.owner === owner && fresh) return stored.value ?? null;
        store.removeItem(DRAFT_PREFIX + name);
        return null;
      }, null);
    },
    remove(name) {
      attempt((store) => store.removeItem(DRAFT_PREFIX + name), undefined);
    },
    clear() {
      attempt((store) => {
        const keys: string[] = [];
        for (let i = 0; i < store.length; i += 1) {
          const key = store.key(i);
          if (key?.startsWith(DRAFT_PREFIX)) keys.push(key);
        }
        for (const key of keys) store.removeItem(key);
      }, undefined);
    },
  };
}

/** The browser's drafts (this tab's sessionStorage). */
export const drafts = draftStore();
