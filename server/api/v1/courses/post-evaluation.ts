import { evaluationBody, evaluationResultSchema, localeQuery, moduleParams } from "../../../../common/schemas/courses.ts";
import { submitEvaluation } from "../../../modules/courses/evaluation-service.ts";
import { defineEndpoint } from "../../endpoint.ts";

/** POST /courses/{slug}/modules/{module}/answers/ — answers to an evaluation; scored and stored. */
export const postEvaluation = defineEndpoint({
  method: "POST",
  url: "/courses/:slug/modules/:module/answers/",
  summary: "Answer a course evaluation",
  tags: ["courses"],
  auth: "verified",
  params: moduleParams,
  query: localeQuery,
  body: evaluationBody,
  response: evaluationResultSchema,
  errors: [409],
  async handler({ params, query, body, req, session }) {
    if (!session) throw new Error("unreachable: auth checked");
    return submitEvaluation(req.server.ctx, req, session.userId, params.slug, params.module, body.answers, query.locale);
  },
});
