import { moduleIdParam, safetyCheckBody, safetyCheckResultSchema } from "../../../../common/schemas/courses.ts";
import { submitSafetyCheck } from "../../../modules/courses/safety-check-service.ts";
import { defineEndpoint } from "../../endpoint.ts";

/** POST /safety-checks/{module}/ — yes/no answers to a course's safety check (the sleep window's, ADR 023). */
export const postSafetyCheck = defineEndpoint({
  method: "POST",
  url: "/safety-checks/:module/",
  summary: "Answer a course's safety check",
  tags: ["courses"],
  auth: "verified",
  params: moduleIdParam,
  body: safetyCheckBody,
  response: safetyCheckResultSchema,
  errors: [409],
  async handler({ params, body, req, session, locale }) {
    if (!session) throw new Error("unreachable: auth checked");
    return submitSafetyCheck(req.server.ctx, session.userId, params.module, body.answers, locale);
  },
});
