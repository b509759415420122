/** The length of a CSRF token (hex of 32 bytes); no zod here, the browser's first load reads it. */
export const CSRF_TOKEN_LENGTH = 64;
