import { csrfTokenResponseSchema } from "../../../../common/schemas/csrf.ts";
import { maskSecret, newCsrfSecret } from "../../../lib/csrf-token.ts";
import { csrfSecretOf, setCsrfCookie } from "../../../lib/csrf-cookie.ts";
import { defineEndpoint } from "../../endpoint.ts";

/** GET /csrftoken/ — sets the CSRF cookie when missing and answers a masked token for it. */
export const getCsrfToken = defineEndpoint({
  method: "GET",
  url: "/csrftoken/",
  summary: "Get a CSRF token (and the csrftoken cookie it belongs to)",
  tags: ["auth"],
  auth: "public",
  // Its handler sets cookies or headers on the reply: server renders call it over HTTP.
  inProcess: false,
  response: csrfTokenResponseSchema,
  async handler({ req, reply }) {
    let secret = csrfSecretOf(req);
    if (!secret) {
      secret = newCsrfSecret();
      setCsrfCookie(req, reply, secret);
    }
    return { csrfToken: maskSecret(secret) };
  },
});
