/** An e-mailed code (43 base64url characters); zod-free, the registration page checks it. */
export const EMAIL_CODE_PATTERN = /^[A-Za-z0-9_-]{43}$/;
