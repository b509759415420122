/** Binds a contact message's encrypted content to its row. */
export function contactAad(id: string): string {
  return `contact_messages:${id}`;
}
