import { z } from "zod";

/** An answer without content (204-style operations answered as 200 with `{}`). */
export const emptyResponseSchema = z.strictObject({});
