import { courseDetailSchema, startCourseBody } from "../../../../common/schemas/courses.ts";
import { startCourse } from "../../../modules/courses/course-service.ts";
import { defineEndpoint } from "../../endpoint.ts";

/** POST /course-progress/clear-unfinished/ — starts a course, clearing unfinished others (§4). */
export const postClearUnfinished = defineEndpoint({
  method: "POST",
  url: "/course-progress/clear-unfinished/",
  summary: "Start a course",
  tags: ["courses"],
  auth: "verified",
  body: startCourseBody,
  response: courseDetailSchema,
  /** 409 `screening.required`: no completed screening in the last 90 days (own or from onboarding). */
  errors: [409],
  async handler({ body, req, session, locale }) {
    if (!session) throw new Error("unreachable: auth checked");
    return startCourse(req.server.ctx, session.userId, body.course, locale);
  },
});
