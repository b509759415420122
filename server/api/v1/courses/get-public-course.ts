import { publicCourseSchema, slugParam } from "../../../../common/schemas/courses.ts";
import { publicCourse } from "../../../modules/courses/course-catalogue.ts";
import { defineEndpoint } from "../../endpoint.ts";

/** GET /public/courses/{slug}/ — one public course for visitors: description, parts and modules. */
export const getPublicCourse = defineEndpoint({
  method: "GET",
  url: "/public/courses/:slug/",
  summary: "One public course",
  tags: ["courses"],
  auth: "public",
  params: slugParam,
  response: publicCourseSchema,
  async handler({ params, req, locale }) {
    return publicCourse(req.server.ctx, params.slug, locale);
  },
});
