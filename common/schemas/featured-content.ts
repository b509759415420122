import { z } from "zod";

/** GET /api/v1/featured-content/ (issue 7): featured items from content/featured.yaml, in order. */
export const featuredItemSchema = z.strictObject({
  key: z.string(),
  kind: z.enum(["course", "module", "page"]),
  title: z.string(),
  text: z.string(),
  /** The course of a course or module item, with its slug in the asked language. */
  course: z.strictObject({ key: z.string(), slug: z.string(), title: z.string() }).nullable(),
  /** A module item's module (opened in the course page with `?modul=<key>`). */
  module: z.strictObject({ id: z.uuid(), key: z.string(), type: z.string(), title: z.string() }).nullable(),
  /** A page item's page, with its slug in the asked language. */
  page: z.strictObject({ slug: z.string(), title: z.string() }).nullable(),
});
export type FeaturedItem = z.infer<typeof featuredItemSchema>;

export const featuredContentResponse = z.array(featuredItemSchema);
