import { z } from "zod";

export const csrfTokenResponseSchema = z.object({ csrfToken: z.string().length(64) });
export type CsrfTokenResponse = z.infer<typeof csrfTokenResponseSchema>;
