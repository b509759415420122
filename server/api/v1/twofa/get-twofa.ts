import { twofaSetupResponse } from "../../../../common/schemas/accounts.ts";
import { twofaSetup } from "../../../modules/accounts/twofa-service.ts";
import { defineEndpoint } from "../../endpoint.ts";

const QR_LABEL = {
  sv: "QR-kod för din autentiseringsapp",
  en: "QR code for your authenticator app",
  no: "QR-kode for autentiseringsappen din",
  da: "QR-kode til din godkendelsesapp",
} as const;

/** GET /twofa/ — whether 2FA is on, and the enrolment material while it is not. */
export const getTwofa = defineEndpoint({
  method: "GET",
  url: "/twofa/",
  summary: "Two-factor status and set-up material",
  tags: ["twofa"],
  auth: "user",
  response: twofaSetupResponse,
  async handler({ req, session }) {
    if (!session) throw new Error("unreachable: auth checked");
    return twofaSetup(req.server.ctx, session, QR_LABEL[session.user.locale]);
  },
});
