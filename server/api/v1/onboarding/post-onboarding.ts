import { onboardingBody, onboardingResponse } from "../../../../common/schemas/screening.ts";
import { assertCurrentConsent } from "../../../modules/accounts/consent.ts";
import { createOnboarding } from "../../../modules/screening/onboarding-service.ts";
import { throttleOnboarding } from "../../../modules/screening/screening-throttle.ts";
import { clientInfo } from "../../../lib/request-data.ts";
import { defineEndpoint } from "../../endpoint.ts";

/**
 * POST /onboarding/ — a visitor's explicit consent (health data, statistics) and 18+ confirmation
 * of the current consent text; answers 201 with the token for the local record.
 */
export const postOnboarding = defineEndpoint({
  method: "POST",
  url: "/onboarding/",
  summary: "Consent to the screening (visitor) and get an onboarding token",
  tags: ["screening"],
  auth: "public",
  body: onboardingBody,
  response: onboardingResponse,
  status: 201,
  errors: [429],
  async handler({ body, req }) {
    // Counted first, like every visitor attempt; then the consent text's version is checked.
    await throttleOnboarding(req.server.ctx, clientInfo(req));
    assertCurrentConsent(body.consent_version);
    const { token } = await createOnboarding(req.server.ctx, body.locale);
    return { token };
  },
});
