import { z } from "zod";

/** The one shape of every error answer of the API. */
export const errorResponseSchema = z.object({
  detail: z
    .string()
    .describe("What went wrong, for a person, in the language of the request's Accept-Language (sv, en, no, da)."),
  code: z.string().describe("The error's stable code, the same in every language."),
  fields: z.record(z.string(), z.string()).optional().describe("Invalid fields: path → stable error code."),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;
