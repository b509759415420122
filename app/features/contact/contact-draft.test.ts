import { describe, expect, it } from "vitest";
import { contactDraftOf, restoreContactDraft } from "./contact-draft.ts";

const values = { kind: "safety" as const, category: "content" as const, subject: "Om övningen", message: "En lång text om det jag tyckte var fel.", reply_email: "a@example.com" };

describe("the contact form's unsent draft", () => {
  it("keeps what the message is about and its text, not the reply address; nothing while both texts are empty", () => {
    expect(contactDraftOf(values)).toEqual({ kind: "safety", category: "content", subject: "Om övningen", message: "En lång text om det jag tyckte var fel." });
    expect(contactDraftOf({ ...values, subject: " ", message: "" })).toBeNull();
    expect(contactDraftOf({ ...values, subject: "", message: "Bara text" })).not.toBeNull();
  });

  it("comes back as it was kept, and only then", () => {
    const kept = JSON.parse(JSON.stringify(contactDraftOf(values))) as unknown;
    expect(restoreContactDraft(kept)).toEqual(contactDraftOf(values));
    expect(restoreContactDraft(null)).toBeNull();
    expect(restoreContactDraft({ kind: "other", category: "", subject: "a", message: "b" })).toBeNull();
    expect(restoreContactDraft({ kind: "safety", category: "unknown", subject: "a", message: "b" })).toBeNull();
    expect(restoreContactDraft({ kind: "message", category: "", subject: 1, message: "b" })).toBeNull();
  });
});
