import { courseDetailSchema } from "../../../../common/schemas/courses.ts";
import { activeCourse } from "../../../modules/courses/course-service.ts";
import { activeCourseWithSession } from "../../../modules/courses/course-with-session.ts";
import { defineEndpoint } from "../../endpoint.ts";

/** GET /active-course/ — the course in progress; 404 when there is none. */
export const getActiveCourse = defineEndpoint({
  method: "GET",
  url: "/active-course/",
  summary: "The course in progress",
  tags: ["courses"],
  auth: "verified",
  response: courseDetailSchema,
  sessionJoined: { read: (ctx, idHash, _params, locale) => activeCourseWithSession(ctx, idHash, locale) },
  errors: [404],
  async handler({ req, session, locale }) {
    if (!session) throw new Error("unreachable: auth checked");
    return activeCourse(req.server.ctx, session.userId, locale);
  },
});
