import { courseDetailSchema, slugParam } from "../../../../common/schemas/courses.ts";
import { courseDetail } from "../../../modules/courses/course-service.ts";
import { courseDetailWithSession } from "../../../modules/courses/course-with-session.ts";
import { defineEndpoint } from "../../endpoint.ts";

/** GET /courses/{slug}/ — parts, modules, progress, the active module and any pause. */
export const getCourse = defineEndpoint({
  method: "GET",
  url: "/courses/:slug/",
  summary: "One course with the user's progress",
  tags: ["courses"],
  auth: "verified",
  params: slugParam,
  response: courseDetailSchema,
  sessionJoined: { read: (ctx, idHash, params, locale) => courseDetailWithSession(ctx, idHash, params.slug, locale) },
  async handler({ params, req, session, locale }) {
    if (!session) throw new Error("unreachable: auth checked");
    return courseDetail(req.server.ctx, session.userId, params.slug, locale);
  },
});
