import { privacyNoticeResponse } from "../../../../common/schemas/privacy.ts";
import { privacyNotice } from "../../../modules/privacy/privacy-notice.ts";
import { defineEndpoint } from "../../endpoint.ts";

/** GET /privacy/notice/ — the privacy page's configured and generated facts (controller, processors, retention). */
export const getPrivacyNotice = defineEndpoint({
  method: "GET",
  url: "/privacy/notice/",
  summary: "The privacy notice's controller, processors, transfers and retention periods",
  tags: ["privacy"],
  auth: "public",
  response: privacyNoticeResponse,
  async handler({ req }) {
    return privacyNotice(req.server.ctx.env);
  },
});
