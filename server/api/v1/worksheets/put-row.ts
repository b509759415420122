import { worksheetRowBody, worksheetRowParams, worksheetRowResponse } from "../../../../common/schemas/courses.ts";
import { updateRow } from "../../../modules/courses/worksheet-service.ts";
import { defineEndpoint } from "../../endpoint.ts";

/** PUT /worksheets/{key}/rows/{id}/ — changes one of the user's rows. */
export const putWorksheetRow = defineEndpoint({
  method: "PUT",
  url: "/worksheets/:key/rows/:id/",
  summary: "Change a worksheet row",
  tags: ["worksheets"],
  auth: "verified",
  params: worksheetRowParams,
  body: worksheetRowBody,
  response: worksheetRowResponse,
  async handler({ params, body, req, session }) {
    if (!session) throw new Error("unreachable: auth checked");
    return updateRow(req.server.ctx, session.userId, params.key, params.id, body.values);
  },
});
