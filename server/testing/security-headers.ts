import { PERMISSIONS_POLICY } from "../plugins/security-headers.ts";

/** The CSP nonce in a policy (every occurrence). */
export const NONCE = /'nonce-([A-Za-z0-9+/=]+)'/g;

/** The expected security headers of every response, the nonce written as <nonce> (security.md). */
export const SECURITY_HEADERS = {
  "content-security-policy":
    "default-src 'self'; script-src 'nonce-<nonce>' 'strict-dynamic'; style-src 'self' 'nonce-<nonce>'; " +
    "style-src-attr 'unsafe-inline'; img-src 'self' data:; font-src 'self'; media-src 'self'; connect-src 'self'; " +
    "manifest-src 'self'; worker-src 'self'; form-action 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'",
  "x-content-type-options": "nosniff",
  "referrer-policy": "same-origin",
  "cross-origin-opener-policy": "same-origin",
  "cross-origin-resource-policy": "same-origin",
  "x-frame-options": "DENY",
  "permissions-policy": PERMISSIONS_POLICY,
};
