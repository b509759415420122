import { z } from "zod";
import { describe, expect, it } from "vitest";
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
  return zodFieldErrors(result.error, root);
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
      }),
    ).toEqual({ accept_terms: "consent.required", consent_health_data: "consent.required" });
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
});
