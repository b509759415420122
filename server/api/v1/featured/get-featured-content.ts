import { localeQuery } from "../../../../common/schemas/courses.ts";
import { featuredContentResponse } from "../../../../common/schemas/featured-content.ts";
import { featuredItems } from "../../../modules/courses/featured-service.ts";
import { defineEndpoint } from "../../endpoint.ts";

/** GET /featured-content/ — featured courses, modules and pages (content/featured.yaml). */
export const getFeaturedContent = defineEndpoint({
  method: "GET",
  url: "/featured-content/",
  summary: "Featured content",
  tags: ["courses"],
  auth: "public",
  query: localeQuery,
  response: featuredContentResponse,
  async handler({ query, req }) {
    return featuredItems(req.server.ctx, query.locale);
  },
});
