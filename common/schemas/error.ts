import { z } from "zod";

/** The one shape of every error answer of the API. */
export const errorResponseSchema = z.object({
  detail: z.string(),
  code: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;
