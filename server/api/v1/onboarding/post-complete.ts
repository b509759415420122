import { completeRegistrationBody, statusResponse } from "../../../../common/schemas/accounts.ts";
import { completeRegistration } from "../../../modules/accounts/account-service.ts";
import { clientInfo, onboardingTokenOf } from "../../../lib/request-data.ts";
import { applySessionEffects } from "../../../plugins/session.ts";
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
    const { result, effects } = await completeRegistration(
      req.server.ctx,
      clientInfo(req),
      req.session,
      {
        code: body.code,
        password: body.password,
        termsVersion: body.terms_version,
        consentVersion: body.consent_version,
      },
      // A visitor who screened first sends their onboarding token: their screenings move in.
      onboardingTokenOf(req),
    );
    applySessionEffects(req, reply, effects);
    return result;
  },
});
