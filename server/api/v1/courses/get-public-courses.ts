import { z } from "zod";
import { courseCardSchema } from "../../../../common/schemas/courses.ts";
import { publicCourses } from "../../../modules/courses/course-catalogue.ts";
import { defineEndpoint } from "../../endpoint.ts";

/** GET /public/courses/ — the courses a visitor may see. */
export const getPublicCourses = defineEndpoint({
  method: "GET",
  url: "/public/courses/",
  summary: "Public course list",
  tags: ["courses"],
  auth: "public",
  response: z.array(courseCardSchema),
  async handler({ req, locale }) {
    return publicCourses(req.server.ctx, locale);
  },
});
