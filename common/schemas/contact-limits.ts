/** Lengths of a contact message (zod-free: the contact form's first load reads them). */
export const CONTACT_SUBJECT_MAX = 120;
export const CONTACT_MESSAGE_MAX = 5000;
