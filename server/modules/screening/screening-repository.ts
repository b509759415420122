import { and, desc, eq, gte, isNotNull, sql, type SQL } from "drizzle-orm";
import { auditLog } from "../../db/schema/accounts.ts";
import { users } from "../../db/schema/users.ts";
import type { DbOrTx } from "../../db/client.ts";
import { preparedFor } from "../../db/prepared.ts";
import type { FieldCipher } from "../../lib/field-encryption.ts";
import { screenings, screeningScores } from "../../db/schema/screening.ts";
import { ADVICE_INSTRUMENTS } from "../../../common/clinical/rules.ts";
import type { InstrumentId } from "../../../common/instruments/types.ts";
import { evaluationScoreAad, openCrisis, openInt, openScreeningScore, screeningScoreAad } from "./health-values.ts";
import type { ScreeningOwner } from "./onboarding-service.ts";

export type ScreeningKind = "light" | "extended";

export interface StoredScore {
  instrument: string;
  area: "depression" | "anxiety" | "stress" | "sleep";
  score: number;
  band: string;
  severity: number;
  createdAt: Date;
}

export interface StoredScreening {
  id: string;
  kind: ScreeningKind;
  crisis: boolean;
  startedAt: Date;
  updatedAt: Date;
  completedAt: Date | null;
  scores: StoredScore[];
}

export function ownerCondition(owner: ScreeningOwner): SQL {
  return owner.kind === "user" ? eq(screenings.userId, owner.userId) : eq(screenings.onboardingId, owner.onboardingId);
}

/** The owner condition of a prepared statement (one statement per kind of owner), and its value. */
function ownerPlaceholder(kind: ScreeningOwner["kind"]): SQL {
  return kind === "user" ? eq(screenings.userId, sql.placeholder("owner")) : eq(screenings.onboardingId, sql.placeholder("owner"));
}

function ownerValue(owner: ScreeningOwner): string {
  return owner.kind === "user" ? owner.userId : owner.onboardingId;
}

/** A score as the screening's statement returns it: instrument, area, sealed score, band and severity, created at (ms). */
type ScoreTuple = [string, StoredScore["area"], string, string, string, number];

export type ScreeningRow = Omit<StoredScreening, "crisis" | "scores"> & { crisis: string; scores: ScoreTuple[] };

/**
 * A screening with its scores in one statement (one round trip instead of two: the dashboard's
 * recommendation reads the newest and the previous screening on every render).
 */
const screeningColumns = {
  id: screenings.id,
  kind: screenings.kind,
  crisis: screenings.crisis,
  startedAt: screenings.startedAt,
  updatedAt: screenings.updatedAt,
  completedAt: screenings.completedAt,
  // Written out with table names: in a select from one table drizzle leaves its columns unqualified,
  // and "id" inside the subquery would be the score's own.
  scores: sql<ScoreTuple[]>`coalesce((select json_agg(json_build_array(s.instrument, s.area, s.score, s.band, s.severity, floor(extract(epoch from s.created_at) * 1000)::bigint)) from screening_scores s where s.screening_id = "screenings"."id"), '[]'::json)`,
};

function latestScreeningQuery(ownerKind: ScreeningOwner["kind"], completed: boolean) {
  return (db: DbOrTx) =>
    db
      .select(screeningColumns)
      .from(screenings)
      .where(and(ownerPlaceholder(ownerKind), eq(screenings.kind, sql.placeholder("kind")), ...(completed ? [isNotNull(screenings.completedAt)] : [])))
      .orderBy(desc(screenings.startedAt))
      .offset(sql.placeholder("skip"))
      .limit(1)
      .prepare(`latest_screening_${ownerKind}_${completed ? "completed" : "any"}`);
}

/** The owner's newest screening of a kind (completed only when asked), with its scores decrypted. Prepared. */
export async function latestScreening(
  db: DbOrTx,
  cipher: FieldCipher,
  owner: ScreeningOwner,
  kind: ScreeningKind,
  options: { completed?: boolean; /** 1 = the one before the newest. */ skip?: number } = {},
): Promise<StoredScreening | null> {
  const completed = options.completed ?? false;
  const name = `latest_screening_${owner.kind}_${completed ? "completed" : "any"}`;
  const [row] = await preparedFor(db, name, latestScreeningQuery(owner.kind, completed)).execute({ owner: ownerValue(owner), kind, skip: options.skip ?? 0 });
  if (!row) return null;
  return withScores(cipher, row);
}

export function withScores(cipher: FieldCipher, row: ScreeningRow): StoredScreening {
  const scores = row.scores.map(([instrument, area, score, band, severity, createdAt]) => ({
    instrument,
    area,
    createdAt: new Date(Number(createdAt)),
    ...openScreeningScore(cipher, { score, band, severity }, row.id, instrument),
  }));
  return { ...row, crisis: openCrisis(cipher, row.crisis, row.id), scores };
}

function newestCompletedQuery(ownerKind: ScreeningOwner["kind"]) {
  return (db: DbOrTx) =>
    db
      .select(screeningColumns)
      .from(screenings)
      .where(and(ownerPlaceholder(ownerKind), isNotNull(screenings.completedAt)))
      .orderBy(desc(screenings.completedAt))
      .limit(1)
      .prepare(`newest_completed_screening_${ownerKind}`);
}

/**
 * The owner's newest completed screening of either kind, by completion time (the basis of the
 * recommendations, rule B1 of docs/clinical/recommendations.md), with its scores decrypted.
 * Prepared.
 */
export async function newestCompletedScreening(db: DbOrTx, cipher: FieldCipher, owner: ScreeningOwner): Promise<StoredScreening | null> {
  const name = `newest_completed_screening_${owner.kind}`;
  const [row] = await preparedFor(db, name, newestCompletedQuery(owner.kind)).execute({ owner: ownerValue(owner) });
  return row ? withScores(cipher, row) : null;
}

/** Whether the owner completed a screening of either kind at or after `since` (rule S1). */
export async function completedScreeningSince(db: DbOrTx, owner: ScreeningOwner, since: Date): Promise<boolean> {
  const [row] = await db
    .select({ id: screenings.id })
    .from(screenings)
    .where(and(ownerCondition(owner), isNotNull(screenings.completedAt), gte(screenings.completedAt, since)))
    .limit(1);
  return row !== undefined;
}

function crisisSinceQuery(ownerKind: ScreeningOwner["kind"]) {
  return (db: DbOrTx) =>
    db
      .select({ id: screenings.id, crisis: screenings.crisis })
      .from(screenings)
      .where(and(ownerPlaceholder(ownerKind), gte(screenings.updatedAt, sql.placeholder("since"))))
      .prepare(`screening_crisis_since_${ownerKind}`);
}

/** The crisis flags of the owner's screenings answered at or after `since` (decrypted). Prepared. */
export async function screeningCrisisSince(db: DbOrTx, cipher: FieldCipher, owner: ScreeningOwner, since: Date): Promise<boolean> {
  const name = `screening_crisis_since_${owner.kind}`;
  // An ISO instant: the column is timestamptz, so the comparison is exact on every driver.
  const rows = await preparedFor(db, name, crisisSinceQuery(owner.kind)).execute({ owner: ownerValue(owner), since: since.toISOString() });
  return rows.some((row) => openCrisis(cipher, row.crisis, row.id));
}

/** The audit event of a PHQ-9 item 9 answer above 0, recorded wherever it was answered. */
export const CRISIS_EVENT = "safety.crisis_shown" as const;

function crisisRecordedQuery(ownerKind: ScreeningOwner["kind"]) {
  const owner = ownerKind === "user" ? auditLog.userId : auditLog.onboardingId;
  return (db: DbOrTx) =>
    db
      .select({ id: auditLog.id })
      .from(auditLog)
      .where(and(eq(owner, sql.placeholder("owner")), eq(auditLog.event, CRISIS_EVENT), gte(auditLog.at, sql.placeholder("since"))))
      .limit(1)
      .prepare(`crisis_recorded_since_${ownerKind}`);
}

/**
 * Whether the owner's item 9 answer above 0 was recorded at or after `since`, also one in answers
 * that were refused (a PHQ-9 group with a question missing): the event counts, not only a
 * screening or questionnaire that was stored. Prepared.
 */
export async function crisisRecordedSince(db: DbOrTx, owner: ScreeningOwner, since: Date): Promise<boolean> {
  const name = `crisis_recorded_since_${owner.kind}`;
  const rows = await preparedFor(db, name, crisisRecordedQuery(owner.kind)).execute({ owner: ownerValue(owner), since: since.toISOString() });
  return rows.length > 0;
}

/**
 * The score of `instrument` in the owner's newest completed screening that holds it, and when that
 * screening was completed: the screening baseline a course evaluation is compared with (rule H5).
 */
export async function screeningBaseline(
  db: DbOrTx,
  cipher: FieldCipher,
  owner: ScreeningOwner,
  instrument: string,
): Promise<{ score: number; at: Date } | null> {
  const [row] = await db
    .select({
      screeningId: screeningScores.screeningId,
      instrument: screeningScores.instrument,
      score: screeningScores.score,
      band: screeningScores.band,
      severity: screeningScores.severity,
      completedAt: screenings.completedAt,
    })
    .from(screeningScores)
    .innerJoin(screenings, eq(screenings.id, screeningScores.screeningId))
    .where(and(ownerCondition(owner), isNotNull(screenings.completedAt), eq(screeningScores.instrument, instrument)))
    .orderBy(desc(screenings.completedAt))
    .limit(1);
  return row?.completedAt ? { score: openScreeningScore(cipher, row, row.screeningId, row.instrument).score, at: row.completedAt } : null;
}

export function answersAad(screeningId: string, instrument: string | null): string {
  return instrument ? `screening_scores.answers:${screeningId}:${instrument}` : `screenings.answers:${screeningId}`;
}

/** The answers of the owner's newest completed light screening, decrypted, and when it was done. */
export async function latestLightAnswers(
  db: DbOrTx,
  cipher: FieldCipher,
  owner: ScreeningOwner,
): Promise<{ answers: Record<string, number>; completedAt: Date } | null> {
  const [row] = await db
    .select({ id: screenings.id, answers: screenings.answers, completedAt: screenings.completedAt })
    .from(screenings)
    .where(and(ownerCondition(owner), eq(screenings.kind, "light"), isNotNull(screenings.completedAt)))
    .orderBy(desc(screenings.completedAt))
    .limit(1);
  if (!row?.answers || !row.completedAt) return null;
  return { answers: JSON.parse(cipher.decrypt(row.answers, answersAad(row.id, null))) as Record<string, number>, completedAt: row.completedAt };
}

/**
 * One group's answers in the owner's newest completed extended screening, decrypted, and when
 * that group was answered; null when there is none.
 */
export async function latestExtendedGroupAnswers(
  db: DbOrTx,
  cipher: FieldCipher,
  owner: ScreeningOwner,
  group: string,
): Promise<{ answers: Record<string, number>; answeredAt: Date } | null> {
  const [row] = await db
    .select({ id: screenings.id, answers: screeningScores.answers, createdAt: screeningScores.createdAt })
    .from(screenings)
    .innerJoin(screeningScores, eq(screeningScores.screeningId, screenings.id))
    .where(and(ownerCondition(owner), eq(screenings.kind, "extended"), isNotNull(screenings.completedAt), eq(screeningScores.instrument, group)))
    .orderBy(desc(screenings.completedAt))
    .limit(1);
  if (!row?.answers) return null;
  return { answers: JSON.parse(cipher.decrypt(row.answers, answersAad(row.id, group))) as Record<string, number>, answeredAt: row.createdAt };
}

/** A screening as JSON inside a statement: instants in epoch ms, scores as `ScoreTuple`s. */
type ScreeningJson = Omit<ScreeningRow, "startedAt" | "updatedAt" | "completedAt"> & { startedAt: number; updatedAt: number; completedAt: number | null };

function screeningJson(alias: string): SQL {
  const a = sql.raw(alias);
  const ms = (column: string) => sql.raw(`floor(extract(epoch from ${alias}.${column}) * 1000)::bigint`);
  return sql`json_build_object('id', ${a}.id, 'kind', ${a}.kind, 'crisis', ${a}.crisis, 'startedAt', ${ms("started_at")}, 'updatedAt', ${ms("updated_at")}, 'completedAt', ${ms("completed_at")}, 'scores', coalesce((select json_agg(json_build_array(sc.instrument, sc.area, sc.score, sc.band, sc.severity, floor(extract(epoch from sc.created_at) * 1000)::bigint)) from screening_scores sc where sc.screening_id = ${a}.id), '[]'::json))`;
}

function fromJson(json: ScreeningJson | null): ScreeningRow | null {
  if (!json) return null;
  return {
    ...json,
    startedAt: new Date(Number(json.startedAt)),
    updatedAt: new Date(Number(json.updatedAt)),
    completedAt: json.completedAt === null ? null : new Date(Number(json.completedAt)),
  };
}

function recommendationBasisQuery(db: DbOrTx) {
  // What latestScreening, newestCompletedScreening, screeningCrisisSince and evaluationCrisisSince
  // read for a user, with the same conditions and orders, in one statement from the user's row.
  // Written out with table names: "id" in a subquery would be its own table's.
  const adviceInstruments = sql.join(
    ADVICE_INSTRUMENTS.map((id) => sql`${id}`),
    sql`, `,
  );
  const newestKind = sql`(select n.kind from screenings n where n.user_id = "users"."id" and n.completed_at is not null order by n.completed_at desc limit 1)`;
  return db
    .select({
      newest: sql<ScreeningJson | null>`(select ${screeningJson("s")} from screenings s where s.user_id = "users"."id" and s.completed_at is not null order by s.completed_at desc limit 1)`,
      previous: sql<ScreeningJson | null>`(select ${screeningJson("p")} from screenings p where p.user_id = "users"."id" and p.kind = ${newestKind} and p.completed_at is not null order by p.started_at desc offset 1 limit 1)`,
      crisisFlags: sql<[string, string][]>`coalesce((select json_agg(json_build_array(c.id, c.crisis)) from screenings c where c.user_id = "users"."id" and c.updated_at >= ${sql.placeholder("since")}), '[]'::json)`,
      evaluationAnswers: sql<string[]>`coalesce((select json_agg(e.answers) from evaluation_answers e where e.user_id = "users"."id" and e.created_at >= ${sql.placeholder("since")}), '[]'::json)`,
      crisisRecorded: sql<boolean>`exists (select 1 from audit_log a where a.user_id = "users"."id" and a.event = ${CRISIS_EVENT} and a.at >= ${sql.placeholder("since")})`,
      // previousEvaluationScore, twice (the newest and the one before it), per advice questionnaire.
      evaluationScores: sql<[string, string, string, number][]>`coalesce((select json_agg(json_build_array(x.id, x.instrument, x.score, x.created_ms) order by x.instrument, x.rn) from (select e.id, e.instrument, e.score, floor(extract(epoch from e.created_at) * 1000)::bigint as created_ms, row_number() over (partition by e.instrument order by e.created_at desc, e.id desc) as rn from evaluation_answers e where e.user_id = "users"."id" and e.instrument in (${adviceInstruments})) x where x.rn <= 2), '[]'::json)`,
      // screeningBaseline per advice questionnaire.
      baselines: sql<[string, string, string][]>`coalesce((select json_agg(json_build_array(b.screening_id, b.instrument, b.score)) from (select distinct on (sc.instrument) sc.screening_id, sc.instrument, sc.score from screening_scores sc join screenings bs on bs.id = sc.screening_id where bs.user_id = "users"."id" and bs.completed_at is not null and sc.instrument in (${adviceInstruments}) order by sc.instrument, bs.completed_at desc) b), '[]'::json)`,
    })
    .from(users)
    .where(eq(users.id, sql.placeholder("userId")))
    .limit(1)
    .prepare("recommendation_basis_of_user");
}

/** A course evaluation's score, opened, as the healthcare advice reads it (rules H2, H3, H5). */
export interface EvaluationScore {
  id: string;
  instrument: string;
  score: number;
  at: Date;
}

/** A questionnaire's score in the newest completed screening holding it: an evaluation's baseline (H5). */
export interface BaselineScore {
  instrument: string;
  score: number;
}

export interface UserRecommendationBasis {
  newest: StoredScreening | null;
  previous: StoredScreening | null;
  screeningCrisis: boolean;
  evaluationAnswers: string[];
  crisisRecorded: boolean;
  /** Per advice questionnaire (ADVICE_INSTRUMENTS, in that order), the newest evaluation and the one before it. */
  evaluationScores: EvaluationScore[];
  /** Per advice questionnaire, its score in the newest completed screening holding it. */
  baselines: BaselineScore[];
}

/**
 * For a user, in one statement (the dashboard's recommendation asks on every render): the newest
 * completed screening of either kind, the completed one before it of the same kind, whether a
 * screening answered at or after `since` has its crisis flag set, the sealed answers of the
 * course evaluations answered since then (the caller opens them), whether an item 9 answer above 0
 * was recorded since then (`crisisRecordedSince`), and for PHQ-9 and GAD-7 the two newest course
 * evaluations' scores and the screening baseline (`previousEvaluationScore`, `screeningBaseline`).
 */
export async function userRecommendationBasis(db: DbOrTx, cipher: FieldCipher, userId: string, since: Date): Promise<UserRecommendationBasis> {
  const [row] = await preparedFor(db, "recommendation_basis_of_user", recommendationBasisQuery).execute({ userId, since: since.toISOString() });
  if (!row) return { newest: null, previous: null, screeningCrisis: false, evaluationAnswers: [], crisisRecorded: false, evaluationScores: [], baselines: [] };
  const newest = fromJson(row.newest);
  const previous = fromJson(row.previous);
  const order = (instrument: string) => ADVICE_INSTRUMENTS.indexOf(instrument as InstrumentId);
  return {
    newest: newest && withScores(cipher, newest),
    previous: previous && withScores(cipher, previous),
    screeningCrisis: row.crisisFlags.some(([id, crisis]) => openCrisis(cipher, crisis, id)),
    evaluationAnswers: row.evaluationAnswers,
    crisisRecorded: row.crisisRecorded,
    evaluationScores: row.evaluationScores
      .map(([id, instrument, score, at]) => ({ id, instrument, score: openInt(cipher, score, evaluationScoreAad("score", userId, id)), at: new Date(Number(at)) }))
      // Stable: each questionnaire's two stay newest first.
      .sort((a, b) => order(a.instrument) - order(b.instrument)),
    baselines: row.baselines
      .map(([screeningId, instrument, score]) => ({ instrument, score: openInt(cipher, score, screeningScoreAad("score", screeningId, instrument)) }))
      .sort((a, b) => order(a.instrument) - order(b.instrument)),
  };
}
