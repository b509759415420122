import { localeQuery, pageSchema, slugParam } from "../../../../common/schemas/courses.ts";
import { contentPage } from "../../../modules/courses/course-service.ts";
import { defineEndpoint } from "../../endpoint.ts";

/** GET /pages/{slug}/ — a content page in a language; 404 when there is none. */
export const getPage = defineEndpoint({
  method: "GET",
  url: "/pages/:slug/",
  summary: "A content page",
  tags: ["pages"],
  auth: "public",
  params: slugParam,
  query: localeQuery,
  response: pageSchema,
  async handler({ params, query, req }) {
    return contentPage(req.server.ctx, params.slug, query.locale);
  },
});
