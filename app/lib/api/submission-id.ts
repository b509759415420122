/** A random (v4) UUID, also where `crypto.randomUUID` is missing (a page not served securely). */
export function newSubmissionId(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * The id a form's submission is sent with: the same for the same content until it is answered
 * (a retry after an answer that never arrived, a second click, is then stored once), a new one
 * for changed content or after a submission went through (`done`).
 */
export interface SubmissionIds {
  for(content: unknown): string;
  done(): void;
}

export function submissionIds(create: () => string = newSubmissionId): SubmissionIds {
  let last: { key: string; id: string } | null = null;
  return {
    for(content) {
      const key = JSON.stringify(content);
      if (last?.key !== key) last = { key, id: create() };
      return last.id;
    },
    done() {
      last = null;
    },
  };
}
