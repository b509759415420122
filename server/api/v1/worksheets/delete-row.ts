import { emptyResponseSchema } from "../../../../common/schemas/common.ts";
import { worksheetRowParams } from "../../../../common/schemas/courses.ts";
import { deleteRow } from "../../../modules/courses/worksheet-service.ts";
import { defineEndpoint } from "../../endpoint.ts";

/** DELETE /worksheets/rows/{row}/ — DeleteWorksheetRowDialog: removes one of the user's rows. */
export const deleteWorksheetRow = defineEndpoint({
  method: "DELETE",
  url: "/worksheets/rows/:row/",
  summary: "Delete a worksheet row",
  tags: ["worksheets"],
  auth: "verified",
  params: worksheetRowParams,
  response: emptyResponseSchema,
  async handler({ params, req, session }) {
    if (!session) throw new Error("unreachable: auth checked");
    await deleteRow(req.server.ctx, session.userId, params.row);
    return {};
  },
});
