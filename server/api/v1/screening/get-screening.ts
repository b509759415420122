import { lightScreeningResponse, localeOptionalQuery } from "../../../../common/schemas/screening.ts";
import { requestLocale } from "../../../modules/screening/onboarding-service.ts";
import { lightScreeningQuestions } from "../../../modules/screening/screening-service.ts";
import { defineEndpoint } from "../../endpoint.ts";

/** GET /screening/ — the light screening's questions in the request's language. */
export const getScreening = defineEndpoint({
  method: "GET",
  url: "/screening/",
  summary: "Light screening questions",
  tags: ["screening"],
  auth: "public",
  query: localeOptionalQuery,
  response: lightScreeningResponse,
  async handler({ query, req }) {
    return lightScreeningQuestions(requestLocale(req, query));
  },
});
