import { CURRENT_TERMS_VERSION } from "../../../../common/auth/terms.ts";
import { bankidRegisterBody, bankidStartResponse } from "../../../../common/schemas/bankid.ts";
import { AppError } from "../../../lib/app-error.ts";
import { assertCurrentConsent } from "../../../modules/accounts/consent.ts";
import { startOrder } from "../../../modules/bankid/bankid-orders.ts";
import { clientInfo } from "../../../lib/request-data.ts";
import { applySessionEffects } from "../../../plugins/session.ts";
import { defineEndpoint } from "../../endpoint.ts";

const ONBOARDING_TOKEN = /^[A-Za-z0-9_-]{16,128}$/;

/**
 * POST /onboarding/register — registration with BankID: consents first, then an order; the
 * account is created when the order completes (with the visitor's onboarding token, when sent).
 */
export const postRegisterBankId = defineEndpoint({
  method: "POST",
  url: "/onboarding/register",
  summary: "Start a BankID registration",
  tags: ["bankid", "accounts"],
  auth: "public",
  onboardingToken: "optional",
  body: bankidRegisterBody,
  response: bankidStartResponse,
  errors: [409, 429, 503],
  async handler({ body, req, reply }) {
    if (body.terms_version !== CURRENT_TERMS_VERSION) {
      throw new AppError("request.invalid", { fields: { "body.terms_version": "terms.outdated" } });
    }
    // The account is created with the current consent text when the order completes (three minutes at most).
    assertCurrentConsent(body.consent_version);
    const header = req.headers["token"];
    const token = typeof header === "string" && ONBOARDING_TOKEN.test(header) ? header : null;
    const { result, effects } = await startOrder(req.server.ctx, clientInfo(req), {
      purpose: "register",
      device: body.device,
      locale: body.locale,
      termsVersion: body.terms_version,
      onboardingToken: token,
    });
    applySessionEffects(req, reply, effects);
    return result;
  },
});
