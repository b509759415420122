import { evaluationHistoryResponse } from "../../../../common/schemas/screening.ts";
import { evaluationHistory, evaluationHistoryWithSession } from "../../../modules/screening/evaluation-history.ts";
import { defineEndpoint } from "../../endpoint.ts";

/** GET /me/evaluation-history/ — screening scores and course evaluations over time, per instrument. */
export const getEvaluationHistory = defineEndpoint({
  method: "GET",
  url: "/me/evaluation-history/",
  summary: "The user's evaluation history",
  tags: ["screening"],
  auth: "verified",
  response: evaluationHistoryResponse,
  sessionJoined: { read: (ctx, idHash) => evaluationHistoryWithSession(ctx, idHash) },
  async handler({ req, session }) {
    if (!session) throw new Error("unreachable: auth checked");
    return evaluationHistory(req.server.ctx, session.userId);
  },
});
