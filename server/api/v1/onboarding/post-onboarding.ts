import { onboardingBody, onboardingResponse } from "../../../../common/schemas/screening.ts";
import { createOnboarding } from "../../../modules/screening/onboarding-service.ts";
import { defineEndpoint } from "../../endpoint.ts";

/** POST /onboarding/ — a visitor's consent; answers 201 with the token for the local record. */
export const postOnboarding = defineEndpoint({
  method: "POST",
  url: "/onboarding/",
  summary: "Consent to the screening (visitor) and get an onboarding token",
  tags: ["screening"],
  auth: "public",
  body: onboardingBody,
  response: onboardingResponse,
  status: 201,
  async handler({ body, req }) {
    const { token } = await createOnboarding(req.server.ctx, body.locale);
    return { token };
  },
});
