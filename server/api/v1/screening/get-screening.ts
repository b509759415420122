import { lightScreeningResponse } from "../../../../common/schemas/screening.ts";
import { lightScreeningQuestions } from "../../../modules/screening/screening-service.ts";
import { defineEndpoint } from "../../endpoint.ts";

/** GET /screening/ — the light screening's questions in the request's language. */
export const getScreening = defineEndpoint({
  method: "GET",
  url: "/screening/",
  summary: "Light screening questions",
  tags: ["screening"],
  auth: "public",
  response: lightScreeningResponse,
  async handler({ locale }) {
    return lightScreeningQuestions(locale);
  },
});
