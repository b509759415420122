import { worksheetParams, worksheetResponse } from "../../../../common/schemas/courses.ts";
import { listWorksheet } from "../../../modules/courses/worksheet-service.ts";
import { defineEndpoint } from "../../endpoint.ts";

/** GET /worksheets/{key}/ — the worksheet's definition and the user's rows. */
export const getWorksheet = defineEndpoint({
  method: "GET",
  url: "/worksheets/:key/",
  summary: "A worksheet with the user's rows",
  tags: ["worksheets"],
  auth: "verified",
  params: worksheetParams,
  response: worksheetResponse,
  async handler({ params, req, session }) {
    if (!session) throw new Error("unreachable: auth checked");
    return listWorksheet(req.server.ctx, session.userId, params.key);
  },
});
