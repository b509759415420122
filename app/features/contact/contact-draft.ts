import { SAFETY_CATEGORIES, type SafetyCategory } from "../../../common/schemas/safety.ts";

/**
 * The part of the contact form kept as a draft while it is unsent (lib/form/draft-store.ts): what
 * the message is about and its text. Not the reply address, which is filled in again.
 */
export interface ContactDraft {
  kind: "message" | "safety";
  category: SafetyCategory | "";
  subject: string;
  message: string;
}

export const CONTACT_DRAFT = "contact";

/** The draft of the form's values, or null when there is no text worth keeping. */
export function contactDraftOf(values: ContactDraft): ContactDraft | null {
  if (values.subject.trim() === "" && values.message.trim() === "") return null;
  return { kind: values.kind, category: values.category, subject: values.subject, message: values.message };
}

/** A kept draft as the form takes it back, or null when it is not one. */
export function restoreContactDraft(stored: unknown): ContactDraft | null {
  if (typeof stored !== "object" || stored === null) return null;
  const draft = stored as Partial<Record<keyof ContactDraft, unknown>>;
  if (draft.kind !== "message" && draft.kind !== "safety") return null;
  const category = draft.category === "" || SAFETY_CATEGORIES.includes(draft.category as SafetyCategory) ? (draft.category as SafetyCategory | "") : null;
  if (category === null || typeof draft.subject !== "string" || typeof draft.message !== "string") return null;
  return contactDraftOf({ kind: draft.kind, category, subject: draft.subject, message: draft.message });
}
