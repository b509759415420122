import { courseDetailSchema, moduleIdParam } from "../../../../common/schemas/courses.ts";
import { completeModule } from "../../../modules/courses/course-service.ts";
import { defineEndpoint } from "../../endpoint.ts";

/**
 * POST /content-modules/{module}/progress/ — a module's `progress_url`: marks it done and answers
 * the course (§4). A locked module is refused (409).
 */
export const postModuleProgress = defineEndpoint({
  method: "POST",
  url: "/content-modules/:module/progress/",
  summary: "Complete a module",
  tags: ["courses"],
  auth: "verified",
  params: moduleIdParam,
  response: courseDetailSchema,
  errors: [409],
  async handler({ params, req, session, locale }) {
    if (!session) throw new Error("unreachable: auth checked");
    return completeModule(req.server.ctx, session.userId, params.module, locale);
  },
});
