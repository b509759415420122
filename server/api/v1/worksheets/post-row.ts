import { moduleIdParam, worksheetRowBody, worksheetRowResponse } from "../../../../common/schemas/courses.ts";
import { addRow } from "../../../modules/courses/worksheet-service.ts";
import { defineEndpoint } from "../../endpoint.ts";

/**
 * POST /worksheets/{module}/rows/ — adds a row; values checked against the worksheet's fields.
 * The same `id` sent again stores the row once (the stored row is answered).
 */
export const postWorksheetRow = defineEndpoint({
  method: "POST",
  url: "/worksheets/:module/rows/",
  summary: "Add a worksheet row",
  tags: ["worksheets"],
  auth: "verified",
  params: moduleIdParam,
  body: worksheetRowBody,
  response: worksheetRowResponse,
  /** 409: the course is not started or the module's part is still locked. */
  errors: [409],
  status: 201,
  async handler({ params, body, req, session }) {
    if (!session) throw new Error("unreachable: auth checked");
    return addRow(req.server.ctx, session.userId, params.module, body.values, body.id);
  },
});
