import { worksheetRowParams, worksheetRowPatchBody, worksheetRowResponse } from "../../../../common/schemas/courses.ts";
import { updateRow } from "../../../modules/courses/worksheet-service.ts";
import { defineEndpoint } from "../../endpoint.ts";

/**
 * PATCH /worksheets/rows/{row}/ — changes one of the user's rows (another user's: 404). With
 * `updated_at`, only the version the change was made from (409 `worksheet.row_changed`).
 */
export const patchWorksheetRow = defineEndpoint({
  method: "PATCH",
  url: "/worksheets/rows/:row/",
  summary: "Change a worksheet row",
  tags: ["worksheets"],
  auth: "verified",
  params: worksheetRowParams,
  body: worksheetRowPatchBody,
  response: worksheetRowResponse,
  /** 409: the course is not started, the module's part is still locked, or the row changed since `updated_at`. */
  errors: [409],
  async handler({ params, body, req, session }) {
    if (!session) throw new Error("unreachable: auth checked");
    return updateRow(req.server.ctx, session.userId, params.row, body.values, body.updated_at);
  },
});
