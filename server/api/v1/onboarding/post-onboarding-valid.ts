import { onboardingValidBody, onboardingValidResponse } from "../../../../common/schemas/screening.ts";
import { validateOnboarding } from "../../../modules/screening/onboarding-service.ts";
import { defineEndpoint } from "../../endpoint.ts";

/** POST /onboarding/valid — 200 when the token is live, 400 `onboarding.token_invalid` otherwise. */
export const postOnboardingValid = defineEndpoint({
  method: "POST",
  url: "/onboarding/valid",
  summary: "Check an onboarding token",
  tags: ["screening"],
  auth: "public",
  body: onboardingValidBody,
  response: onboardingValidResponse,
  async handler({ body, req }) {
    const onboarding = await validateOnboarding(req.server.ctx, body.token);
    return { valid: true as const, expires_at: Math.floor(onboarding.expiresAt.getTime() / 1000) };
  },
});
