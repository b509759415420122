import { z } from "zod";

/** All files under content/media together stay below this many bytes (25 MB). */
export const MEDIA_BUDGET_BYTES = 25_000_000;

/**
 * `duration_seconds` in course.yaml is one number for four languages whose recordings differ in
 * length; each language's real length must be within this fraction of it (the media build sets
 * it to the mean).
 */
export const DURATION_TOLERANCE = 0.25;

/**
 * What every video shows — drawn by scripts/media/render.ts — and the words that describe it. A
 * video's transcript starts with the description in italics (content:check compares it), and its
 * media.json names the picture it was rendered with, so a transcript never describes another
 * picture. The spoken words are not drawn into the picture: they are the caption track.
 */
export const VIDEO_PICTURE = {
  id: "breathing-circle/2",
  description: {
    sv: "I bild: en cirkel som långsamt växer och krymper i lugn andningstakt, filmens titel överst och en tunn linje längst ned som visar hur långt filmen har kommit. Det som sägs visas som textning.",
    en: "On screen: a circle that slowly grows and shrinks at a calm breathing pace, the film's title at the top and a thin line at the bottom showing how far the film has come. What is said is shown as captions.",
    no: "I bildet: en sirkel som sakte vokser og krymper i rolig pustetakt, filmens tittel øverst og en tynn linje nederst som viser hvor langt filmen har kommet. Det som blir sagt, vises som teksting.",
    da: "I billedet: en cirkel, der langsomt vokser og trækker sig sammen i et roligt åndedrætstempo, filmens titel øverst og en tynd linje nederst, der viser, hvor langt filmen er kommet. Det, der bliver sagt, vises som undertekster.",
  },
} as const;

/** content/media/<media-key>/media.json, written by `npm run media:build`. */
export const mediaManifestSchema = z.strictObject({
  type: z.enum(["audio", "video"]),
  /** Video: the picture it was rendered with ({@link VIDEO_PICTURE}.id). */
  picture: z.string().optional(),
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
