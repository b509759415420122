import { courseDetailSchema, localeQuery, moduleParams } from "../../../../common/schemas/courses.ts";
import { completeModule } from "../../../modules/courses/course-service.ts";
import { defineEndpoint } from "../../endpoint.ts";

/** POST /courses/{slug}/modules/{module}/complete/ — marks a module done; answers the course. */
export const postCompleteModule = defineEndpoint({
  method: "POST",
  url: "/courses/:slug/modules/:module/complete/",
  summary: "Complete a module",
  tags: ["courses"],
  auth: "verified",
  params: moduleParams,
  query: localeQuery,
  response: courseDetailSchema,
  errors: [409],
  async handler({ params, query, req, session }) {
    if (!session) throw new Error("unreachable: auth checked");
    return completeModule(req.server.ctx, session.userId, params.slug, params.module, query.locale);
  },
});
