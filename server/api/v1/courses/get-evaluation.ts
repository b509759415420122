import { evaluationAnswersSchema, moduleIdParam } from "../../../../common/schemas/courses.ts";
import { latestEvaluation } from "../../../modules/courses/evaluation-service.ts";
import { defineEndpoint } from "../../endpoint.ts";

/** GET /evaluations/{module}/ — the user's own latest answers to an evaluation; 404 when none. */
export const getEvaluation = defineEndpoint({
  method: "GET",
  url: "/evaluations/:module/",
  summary: "The latest answers to a course evaluation",
  tags: ["courses"],
  auth: "verified",
  params: moduleIdParam,
  response: evaluationAnswersSchema,
  async handler({ params, req, session }) {
    if (!session) throw new Error("unreachable: auth checked");
    return latestEvaluation(req.server.ctx, session.userId, params.module);
  },
});
