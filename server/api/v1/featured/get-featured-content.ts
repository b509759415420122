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
  response: featuredContentResponse,
  async handler({ req, locale }) {
    return featuredItems(req.server.ctx, locale);
  },
});
