import { completeRegistrationBody, statusResponse } from "../../../../common/schemas/accounts.ts";
import { completeRegistration } from "../../../modules/accounts/account-service.ts";
import { defineEndpoint } from "../../endpoint.ts";

/** POST /onboarding/complete — creates the account with its consents and logs the user in. */
export const postCompleteRegistration = defineEndpoint({
  method: "POST",
  url: "/onboarding/complete",
  summary: "Complete registration by e-mail",
  tags: ["accounts"],
  auth: "public",
  onboardingToken: "optional",
  body: completeRegistrationBody,
  response: statusResponse,
  status: 201,
  hashesPassword: true,
  errors: [429],
  async handler({ body, req, reply }) {
    return completeRegistration(req.server.ctx, req, reply, {
      code: body.code,
      password: body.password,
      termsVersion: body.terms_version,
      consentVersion: body.consent_version,
    });
  },
});
