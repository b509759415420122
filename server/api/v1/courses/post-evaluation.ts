import { evaluationBody, evaluationResultSchema, moduleIdParam } from "../../../../common/schemas/courses.ts";
import { submitEvaluation } from "../../../modules/courses/evaluation-service.ts";
import { defineEndpoint } from "../../endpoint.ts";

/** POST /evaluations/{module}/ — answers to an evaluation or post-part screening; scored and stored. */
export const postEvaluation = defineEndpoint({
  method: "POST",
  url: "/evaluations/:module/",
  summary: "Answer a course evaluation",
  tags: ["courses"],
  auth: "verified",
  params: moduleIdParam,
  body: evaluationBody,
  response: evaluationResultSchema,
  errors: [409],
  async handler({ params, body, req, session, locale }) {
    if (!session) throw new Error("unreachable: auth checked");
    return submitEvaluation(req.server.ctx, session.userId, params.module, body.answers, locale, body.id);
  },
});
