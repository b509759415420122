import { z } from "zod";

/** All files under content/media together stay below this many bytes (25 MB). */
export const MEDIA_BUDGET_BYTES = 25_000_000;

/**
 * `duration_seconds` in course.yaml is one number for four languages whose recordings differ in
 * length; each language's real length must be within this fraction of it (the media build sets
 * it to the mean).
 */
export const DURATION_TOLERANCE = 0.25;

/** content/media/<media-key>/media.json, written by `npm run media:build`. */
export const mediaManifestSchema = z.strictObject({
  type: z.enum(["audio", "video"]),
  languages: z.record(
    z.string(),
    z.strictObject({
      file: z.string().regex(/^[a-z]{2}\.webm$/),
      bytes: z.number().int().positive(),
      duration_seconds: z.number().positive(),
      captions: z.string().regex(/^[a-z]{2}\.vtt$/).optional(),
    }),
  ),
});
export type MediaManifest = z.infer<typeof mediaManifestSchema>;
