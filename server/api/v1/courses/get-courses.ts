import { z } from "zod";
import { courseCardSchema } from "../../../../common/schemas/courses.ts";
import { userCourses } from "../../../modules/courses/course-catalogue.ts";
import { defineEndpoint } from "../../endpoint.ts";

/** GET /courses/ — every course, with the user's status and progress in each. */
export const getCourses = defineEndpoint({
  method: "GET",
  url: "/courses/",
  summary: "Course list with progress",
  tags: ["courses"],
  auth: "verified",
  response: z.array(courseCardSchema),
  async handler({ req, session, locale }) {
    if (!session) throw new Error("unreachable: auth checked");
    return userCourses(req.server.ctx, session.userId, locale);
  },
});
