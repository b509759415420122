import { z } from "zod";

/** The test page's demo form (loaded with the first edit: zod is not in the page's first load). */
export const demoSchema = z.object({
  name: z.string().trim().min(2),
  email: z.email(),
});
