import { bankidOrderBody, bankidStatusResponse } from "../../../../common/schemas/bankid.ts";
import { cancelOrder } from "../../../modules/bankid/bankid-orders.ts";
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
    return cancelOrder(req.server.ctx, req, reply, body.order);
  },
});
