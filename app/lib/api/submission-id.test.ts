import { describe, expect, it } from "vitest";
import { submissionIds } from "./submission-id.ts";

describe("submissionIds", () => {
  it("gives the same content the same id until it is answered, changed content a new one", () => {
    const ids = submissionIds();
    const first = ids.for({ answers: { a: 1 } });
    expect(first).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(ids.for({ answers: { a: 1 } })).toBe(first);
    const changed = ids.for({ answers: { a: 2 } });
    expect(changed).not.toBe(first);
    ids.done();
    expect(ids.for({ answers: { a: 2 } })).not.toBe(changed);
  });
});
