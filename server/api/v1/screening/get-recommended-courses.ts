import { recommendedCoursesResponse } from "../../../../common/schemas/screening.ts";
import { screeningOwner } from "../../../modules/screening/onboarding-service.ts";
import { recommendedCourses } from "../../../modules/screening/recommended-courses.ts";
import { onboardingTokenOf } from "../../../lib/request-data.ts";
import { defineEndpoint } from "../../endpoint.ts";

/** GET /recommended-courses/ — the courses ranked by the newest screening, with the reason. */
export const getRecommendedCourses = defineEndpoint({
  method: "GET",
  url: "/recommended-courses/",
  summary: "Recommended courses (token header for visitors, session for users)",
  tags: ["screening"],
  auth: "public",
  onboardingToken: "instead-of-session",
  response: recommendedCoursesResponse,
  errors: [403],
  async handler({ req, session, locale }) {
    const ctx = req.server.ctx;
    return recommendedCourses(ctx, await screeningOwner(ctx, onboardingTokenOf(req), session), locale);
  },
});
