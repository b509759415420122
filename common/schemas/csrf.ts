import { z } from "zod";
import { CSRF_TOKEN_LENGTH } from "./csrf-token.ts";

export const csrfTokenResponseSchema = z.object({ csrfToken: z.string().length(CSRF_TOKEN_LENGTH) });
export type CsrfTokenResponse = z.infer<typeof csrfTokenResponseSchema>;
