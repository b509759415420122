import { moduleIdParam, worksheetResponse } from "../../../../common/schemas/courses.ts";
import { listWorksheet } from "../../../modules/courses/worksheet-service.ts";
import { defineEndpoint } from "../../endpoint.ts";

/** GET /worksheets/{module}/rows/ — a worksheet module's definition and the user's own rows. */
export const getWorksheetRows = defineEndpoint({
  method: "GET",
  url: "/worksheets/:module/rows/",
  summary: "A worksheet with the user's rows",
  tags: ["worksheets"],
  auth: "verified",
  params: moduleIdParam,
  response: worksheetResponse,
  async handler({ params, req, session }) {
    if (!session) throw new Error("unreachable: auth checked");
    return listWorksheet(req.server.ctx, session.userId, params.module);
  },
});
