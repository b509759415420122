import { bankidOrderBody, bankidStatusResponse } from "../../../../common/schemas/bankid.ts";
import { pollOrder } from "../../../modules/bankid/bankid-orders.ts";
import { clientInfo } from "../../../lib/request-data.ts";
import { applySessionEffects } from "../../../plugins/session.ts";
import { ORDER_COOKIE } from "../../../lib/bankid-order-cookie.ts";
import { defineEndpoint } from "../../endpoint.ts";

/** POST /login/status — one poll of a BankID order: status, hint code and a fresh QR code. */
export const postBankIdStatus = defineEndpoint({
  method: "POST",
  url: "/login/status",
  summary: "Poll a BankID order",
  tags: ["bankid"],
  auth: "public",
  body: bankidOrderBody,
  response: bankidStatusResponse,
  errors: [404, 503],
  async handler({ body, req, reply }) {
    const { result, effects } = await pollOrder(req.server.ctx, clientInfo(req), req.session, req.cookies[ORDER_COOKIE], body.order);
    applySessionEffects(req, reply, effects);
    return result;
  },
});
