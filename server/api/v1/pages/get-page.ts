import { pageSchema, slugParam } from "../../../../common/schemas/courses.ts";
import { contentPage } from "../../../modules/content/content-pages.ts";
import { defineEndpoint } from "../../endpoint.ts";

/** GET /pages/{slug}/ — a content page in a language; 404 when there is none. */
export const getPage = defineEndpoint({
  method: "GET",
  url: "/pages/:slug/",
  summary: "A content page",
  tags: ["pages"],
  auth: "public",
  params: slugParam,
  response: pageSchema,
  async handler({ params, req, locale }) {
    return contentPage(req.server.ctx, params.slug, locale);
  },
});
