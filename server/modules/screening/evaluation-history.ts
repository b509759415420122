import { eq, sql } from "drizzle-orm";
import { getInstrument, isInstrumentId } from "../../../common/instruments/registry.ts";
import { bandFor } from "../../../common/instruments/scoring.ts";
import type { InstrumentId } from "../../../common/instruments/types.ts";
import type { EvaluationHistory } from "../../../common/schemas/screening.ts";
import type { AppContext } from "../../app-context.ts";
import type { DbOrTx } from "../../db/client.ts";
import { preparedFor } from "../../db/prepared.ts";
import { sessions } from "../../db/schema/sessions.ts";
import { users } from "../../db/schema/users.ts";
import { sessionColumns, sessionOfRow } from "../sessions/session-repository.ts";
import type { ReadWithSession } from "../sessions/session-types.ts";
import { evaluationsShowCrisis } from "../courses/evaluation-repository.ts";
import { evaluationScoreAad, openCrisis, openInt, screeningScoreAad } from "./health-values.ts";

interface Point {
  instrument: string;
  at: Date;
  score: number;
  source: "screening" | "course";
  /** PHQ-9 item 9 was answered above 0 in the questionnaire of this point. */
  crisis: boolean;
}

/** Groups points into one series per instrument, oldest point first, series in instrument order. */
export function toSeries(points: readonly Point[]): EvaluationHistory["series"] {
  const byInstrument = new Map<InstrumentId, Point[]>();
  for (const point of points) {
    if (!isInstrumentId(point.instrument)) continue;
    const list = byInstrument.get(point.instrument) ?? [];
    list.push(point);
    byInstrument.set(point.instrument, list);
  }
  return [...byInstrument].map(([id, list]) => {
    const instrument = getInstrument(id);
    return {
      instrument: id,
      area: instrument.area,
      max: instrument.maxScore,
      points: [...list]
        .sort((a, b) => a.at.getTime() - b.at.getTime())
        // The band worked out again from the score (ADR 023): old answers follow today's bands.
        .map((p) => ({ at: Math.floor(p.at.getTime() / 1000), score: p.score, band: bandFor(instrument, p.score).id, source: p.source, crisis: p.crisis })),
    };
  });
}

/**
 * One point as read: its row, instrument, time, sealed score and what tells whether item 9 was
 * answered above 0 — the screening's sealed flag on its depression area (where the screening asks
 * item 9; null on its other areas), the sealed answers of a course questionnaire (every one asks it).
 */
type HistoryTuple = [rowId: string, instrument: string, atMs: number, score: string, crisis: string | null];

// Both lists in one statement (a round trip is the larger part of this call's cost), read from
// the user's row. Written out with table names: "id" in a subquery would be its own table's.
const historyColumns = {
  fromScreenings: sql<HistoryTuple[]>`coalesce((select json_agg(json_build_array(ss.screening_id, ss.instrument, floor(extract(epoch from ss.created_at) * 1000)::bigint, ss.score, case when ss.area = 'depression' then s.crisis end) order by ss.created_at asc) from screening_scores ss join screenings s on s.id = ss.screening_id where s.user_id = "users"."id" and s.completed_at is not null), '[]'::json)`,
  fromCourses: sql<HistoryTuple[]>`coalesce((select json_agg(json_build_array(ea.id, ea.instrument, floor(extract(epoch from ea.created_at) * 1000)::bigint, ea.score, ea.answers) order by ea.created_at asc) from evaluation_answers ea where ea.user_id = "users"."id"), '[]'::json)`,
};

function historyQuery(db: DbOrTx) {
  return db.select(historyColumns).from(users).where(eq(users.id, sql.placeholder("userId"))).limit(1).prepare("evaluation_history_of_user");
}

/** The same lists with the session of a hash, from the session's user (the endpoint's one round trip). */
function historyWithSessionQuery(db: DbOrTx) {
  return db
    .select({ ...sessionColumns, ...historyColumns })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.idHash, sql.placeholder("idHash")))
    .limit(1)
    .prepare("evaluation_history_with_session");
}

/** GET /me/evaluation-history/: the user's screening scores and course evaluations over time (decrypted here). */
export async function evaluationHistory(ctx: AppContext, userId: string): Promise<EvaluationHistory> {
  const [row] = await preparedFor(ctx.db, "evaluation_history_of_user", historyQuery).execute({ userId });
  return historyOf(ctx, userId, row ?? { fromScreenings: [], fromCourses: [] });
}

/**
 * The session with this hash and its user's evaluation history, read in one statement; null when
 * no session has the hash (whether it is live is the caller's to check, as `loadSession` does).
 */
export async function evaluationHistoryWithSession(
  ctx: AppContext,
  idHash: string,
): Promise<ReadWithSession<EvaluationHistory> | null> {
  const [row] = await preparedFor(ctx.db, "evaluation_history_with_session", historyWithSessionQuery).execute({ idHash });
  if (!row) return null;
  return { session: sessionOfRow(row), answer: async (session) => historyOf(ctx, session.userId, row) };
}

function historyOf(
  ctx: AppContext,
  userId: string,
  row: { fromScreenings: HistoryTuple[]; fromCourses: HistoryTuple[] },
): EvaluationHistory {
  const { fromScreenings, fromCourses } = row;
  const { cipher } = ctx;
  return {
    series: toSeries([
      ...fromScreenings.map(([screeningId, instrument, atMs, score, crisis]) => ({
        instrument,
        at: new Date(atMs),
        score: openInt(cipher, score, screeningScoreAad("score", screeningId, instrument)),
        source: "screening" as const,
        crisis: crisis !== null && openCrisis(cipher, crisis, screeningId),
      })),
      ...fromCourses.map(([id, instrument, atMs, score, answers]) => ({
        instrument,
        at: new Date(atMs),
        score: openInt(cipher, score, evaluationScoreAad("score", userId, id)),
        source: "course" as const,
        crisis: answers !== null && evaluationsShowCrisis(cipher, userId, [answers]),
      })),
    ]),
  };
}
