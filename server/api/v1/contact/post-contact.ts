import { contactBody, contactResponse } from "../../../../common/schemas/profile.ts";
import { sendContactMessage } from "../../../modules/contact/contact-service.ts";
import { clientInfo } from "../../../lib/request-data.ts";
import { defineEndpoint } from "../../endpoint.ts";

/** POST /contact/ — the contact form (visitors too): stored and e-mailed to support. */
export const postContact = defineEndpoint({
  method: "POST",
  url: "/contact/",
  summary: "Send a message to support",
  tags: ["contact"],
  auth: "public",
  body: contactBody,
  response: contactResponse,
  status: 201,
  errors: [429],
  async handler({ body, req, session }) {
    return sendContactMessage(req.server.ctx, clientInfo(req), session, body);
  },
});
