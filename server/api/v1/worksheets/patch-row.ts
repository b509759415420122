import { worksheetRowBody, worksheetRowParams, worksheetRowResponse } from "../../../../common/schemas/courses.ts";
import { updateRow } from "../../../modules/courses/worksheet-service.ts";
import { defineEndpoint } from "../../endpoint.ts";

/** PATCH /worksheets/rows/{row}/ — changes one of the user's rows (another user's: 404). */
export const patchWorksheetRow = defineEndpoint({
  method: "PATCH",
  url: "/worksheets/rows/:row/",
  summary: "Change a worksheet row",
  tags: ["worksheets"],
  auth: "verified",
  params: worksheetRowParams,
  body: worksheetRowBody,
  response: worksheetRowResponse,
  /** 409: the course is not started or the module's part is still locked. */
  errors: [409],
  async handler({ params, body, req, session }) {
    if (!session) throw new Error("unreachable: auth checked");
    return updateRow(req.server.ctx, session.userId, params.row, body.values);
  },
});
