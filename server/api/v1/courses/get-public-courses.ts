import { z } from "zod";
import { courseCardSchema, localeQuery } from "../../../../common/schemas/courses.ts";
import { publicCourses } from "../../../modules/courses/course-service.ts";
import { defineEndpoint } from "../../endpoint.ts";

/** GET /public/courses/ — the courses a visitor may see. */
export const getPublicCourses = defineEndpoint({
  method: "GET",
  url: "/public/courses/",
  summary: "Public course list",
  tags: ["courses"],
  auth: "public",
  query: localeQuery,
  response: z.array(courseCardSchema),
  async handler({ query, req }) {
    return publicCourses(req.server.ctx, query.locale);
  },
});
