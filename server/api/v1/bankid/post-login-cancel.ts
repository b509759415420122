import { bankidOrderBody, bankidStatusResponse } from "../../../../common/schemas/bankid.ts";
import { cancelOrder } from "../../../modules/bankid/bankid-orders.ts";
import { clientInfo } from "../../../lib/request-data.ts";
import { applySessionEffects } from "../../../plugins/session.ts";
import { ORDER_COOKIE } from "../../../lib/bankid-order-cookie.ts";
import { defineEndpoint } from "../../endpoint.ts";

/** POST /login/cancel — cancels a BankID order at BankID and here. */
export const postBankIdCancel = defineEndpoint({
  method: "POST",
  url: "/login/cancel",
  summary: "Cancel a BankID order",
  tags: ["bankid"],
  auth: "public",
  body: bankidOrderBody,
  response: bankidStatusResponse,
  errors: [404, 503],
  async handler({ body, req, reply }) {
    const { result, effects } = await cancelOrder(req.server.ctx, clientInfo(req), req.cookies[ORDER_COOKIE], body.order);
    applySessionEffects(req, reply, effects);
    return result;
  },
});
