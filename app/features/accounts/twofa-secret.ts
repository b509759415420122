/** "ABCDEFGH…" → "ABCD EFGH …": a TOTP key in groups of four, easier to type in by hand. */
export function groupSecret(secret: string): string {
  return (
    secret
      .replace(/\s+/g, "")
      .match(/.{1,4}/g)
      ?.join(" ") ?? secret
  );
}
