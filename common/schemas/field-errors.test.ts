import { z } from "zod";
import { describe, expect, it } from "vitest";
import { multilineText, text } from "./text.ts";
import {
  completeRegistrationBody,
  deleteAccountBody,
  loginEmailBody,
  registerEmailBody,
  twofaCodeBody,
} from "./accounts.ts";
import { zodFieldErrors } from "./field-errors.ts";

function codes(schema: z.ZodType, value: unknown, root?: string) {
  const result = schema.safeParse(value);
  if (result.success) return {};
  return zodFieldErrors(result.error, value, root);
}

describe("zodFieldErrors", () => {
  it("uses the code a schema names as its message (the UI translates form.errors.<code>)", () => {
    expect(codes(registerEmailBody, { email: "not an address", locale: "sv" })).toEqual({
      email: "email.invalid",
    });
    expect(codes(loginEmailBody, { email: "a@b.se", password: "" }, "body")).toEqual({
      "body.password": "required",
    });
    expect(codes(twofaCodeBody, { code: "12" })).toEqual({ code: "code.invalid" });
    expect(
      codes(completeRegistrationBody, {
        code: "A".repeat(43),
        password: "x",
        terms_version: "1",
        accept_terms: false,
        consent_health_data: false,
        adult: false,
        consent_version: "1",
      }),
    ).toEqual({ accept_terms: "consent.required", consent_health_data: "consent.required", adult: "age.required" });
    expect(codes(deleteAccountBody, {})).toEqual({ password: "required" });
  });

  it("keeps zod's issue codes when a schema gives no code of its own", () => {
    const schema = z.strictObject({
      name: z.string().min(2),
      age: z.number(),
      slug: z.string().regex(/^[a-z]+$/),
    });
    expect(codes(schema, { name: "x", slug: "ABC", extra: 1 }, "body")).toEqual({
      "body.name": "too_small",
      "body.age": "required",
      "body.slug": "invalid_format",
      "body.extra": "unknown_field",
    });
  });

  it("a value of the wrong type is invalid_type, a missing or undefined one required (zod 4 keeps no input on its issues)", () => {
    const schema = z.strictObject({ enabled: z.boolean(), n: z.number(), nested: z.strictObject({ at: z.string() }), list: z.array(z.number()) });
    expect(codes(schema, { enabled: "yes", nested: { at: 7 }, list: [1, "2", undefined] }, "body")).toEqual({
      "body.enabled": "invalid_type",
      "body.n": "required",
      "body.nested.at": "invalid_type",
      "body.list.1": "invalid_type",
      "body.list.2": "required",
    });
    expect(codes(schema, { enabled: false, n: 1, nested: "x", list: [] })).toEqual({ nested: "invalid_type" });
    expect(codes(schema, undefined, "body")).toEqual({ body: "required" });
  });

  it("no value at all (null, or a form's empty field sent as an empty string) is required, not a wrong value", () => {
    const schema = z.strictObject({ enabled: z.boolean(), n: z.number(), kind: z.enum(["a", "b"]), at: z.string().regex(/^\d\d:\d\d$/, "invalid_time") });
    expect(codes(schema, { enabled: null, n: "", kind: " ", at: "12:00" })).toEqual({ enabled: "required", n: "required", kind: "required" });
    // A value that is there but wrong keeps its code; a schema's own code is kept even for an empty value.
    expect(codes(schema, { enabled: "no", n: "seven", kind: "c", at: "" })).toEqual({ enabled: "invalid_type", n: "invalid_type", kind: "invalid_value", at: "invalid_time" });
  });

  it("a failed union names the option the value was meant for (a string for a string | number field)", () => {
    const schema = z.strictObject({
      values: z.record(z.string(), z.union([multilineText().max(5), z.number(), z.null()])),
      reply: z.union([z.literal(""), z.email("email.invalid")]),
    });
    expect(codes(schema, { values: { a: "x\u0000", b: "x".repeat(6), c: true }, reply: "nope" }, "body")).toEqual({
      "body.values.a": "text.control_characters",
      "body.values.b": "too_big",
      "body.values.c": "invalid_union",
      "body.reply": "email.invalid",
    });
  });

  it("text() refuses every control character, multilineText() all but tab and line breaks", () => {
    for (const c of ["\u0000", "\u0007", "\u001b", "\u007f", "\u0085", "\u009f"]) {
      expect(text().safeParse(`a${c}b`).success).toBe(false);
      expect(multilineText().safeParse(`a${c}b`).success).toBe(false);
    }
    for (const c of ["\t", "\n", "\r"]) {
      expect(text().safeParse(`a${c}b`).success).toBe(false);
      expect(multilineText().safeParse(`a${c}b`).success).toBe(true);
    }
    expect(text().safeParse("Åsa 👩‍👩‍👧 ﬁ").success).toBe(true);
  });
});
