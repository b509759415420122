/** Worksheet rows are field-encrypted, bound to their user. */
export function worksheetAad(userId: string): string {
  return `worksheet_rows.values:${userId}`;
}
