import { courseCategoriesResponse } from "../../../../common/schemas/courses.ts";
import { courseCategories } from "../../../modules/courses/course-catalogue.ts";
import { defineEndpoint } from "../../endpoint.ts";

/** GET /course-categories/ — the categories that have active courses, in course order. */
export const getCourseCategories = defineEndpoint({
  method: "GET",
  url: "/course-categories/",
  summary: "Course categories",
  tags: ["courses"],
  auth: "public",
  response: courseCategoriesResponse,
  async handler({ req }) {
    return courseCategories(req.server.ctx);
  },
});

