import { bankidLoginBody, bankidStartResponse } from "../../../../common/schemas/bankid.ts";
import { startOrder } from "../../../modules/bankid/bankid-orders.ts";
import { clientInfo } from "../../../lib/request-data.ts";
import { applySessionEffects } from "../../../plugins/session.ts";
import { defineEndpoint } from "../../endpoint.ts";

/** POST /login — starts a BankID login on this device or another one (QR code). */
export const postBankIdLogin = defineEndpoint({
  method: "POST",
  url: "/login",
  summary: "Start a BankID login",
  tags: ["bankid"],
  auth: "public",
  body: bankidLoginBody,
  response: bankidStartResponse,
  errors: [409, 429, 503],
  async handler({ body, req, reply, locale }) {
    const { result, effects } = await startOrder(req.server.ctx, clientInfo(req), { purpose: "login", device: body.device, locale });
    applySessionEffects(req, reply, effects);
    return result;
  },
});
