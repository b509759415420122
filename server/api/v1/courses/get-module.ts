import { moduleContentSchema, moduleParams } from "../../../../common/schemas/courses.ts";
import { moduleContent } from "../../../modules/courses/course-service.ts";
import { defineEndpoint } from "../../endpoint.ts";

/** GET /courses/{slug}/modules/{module}/ — a module's content, once its part is open. */
export const getModule = defineEndpoint({
  method: "GET",
  url: "/courses/:slug/modules/:module/",
  summary: "A module's content",
  tags: ["courses"],
  auth: "verified",
  params: moduleParams,
  response: moduleContentSchema,
  errors: [409],
  async handler({ params, req, session, locale }) {
    if (!session) throw new Error("unreachable: auth checked");
    return moduleContent(req.server.ctx, session.userId, params.slug, params.module, locale);
  },
});
