import { exportResponse } from "../../../../common/schemas/profile.ts";
import { exportUserData } from "../../../modules/privacy/export-service.ts";
import { clientInfo } from "../../../lib/request-data.ts";
import { defineEndpoint } from "../../endpoint.ts";

/** GET /me/export/ — "download my data": one JSON document, as a file. */
export const getMyExport = defineEndpoint({
  method: "GET",
  url: "/me/export/",
  summary: "Download my data",
  tags: ["me"],
  auth: "verified",
  // Its handler sets cookies or headers on the reply: server renders call it over HTTP.
  inProcess: false,
  response: exportResponse,
  async handler({ req, reply, session }) {
    if (!session) throw new Error("unreachable: auth checked");
    const document = await exportUserData(req.server.ctx, clientInfo(req), session);
    const day = document.exported_at.slice(0, 10);
    reply.header("Content-Disposition", `attachment; filename="kbt-data-${day}.json"`);
    return document;
  },
});
