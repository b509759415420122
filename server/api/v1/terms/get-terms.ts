import { CURRENT_TERMS_VERSION, TERMS_PUBLISHED_AT } from "../../../../common/auth/terms.ts";
import { termsResponse } from "../../../../common/schemas/accounts.ts";
import { defineEndpoint } from "../../endpoint.ts";

/** GET /terms/ — the current terms version (the text is the terms content page). */
export const getTerms = defineEndpoint({
  method: "GET",
  url: "/terms/",
  summary: "The current terms of use version",
  tags: ["accounts"],
  auth: "public",
  response: termsResponse,
  async handler() {
    return { version: CURRENT_TERMS_VERSION, published_at: TERMS_PUBLISHED_AT };
  },
});
