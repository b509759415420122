import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Locale } from "../../../common/i18n/locales.ts";
import {
  extendedScreeningGroups,
  type ExtendedScreeningGroup,
  getInstrument,
  lightScreening,
  scoreLightScreening,
  validateLightScreening,
} from "../../../common/instruments/registry.ts";
import { lightToExtended, stillValid } from "../../../common/instruments/carry-forward.ts";
import { healthcareAdvice } from "../../../common/clinical/rules.ts";
import { bandFor, isCrisis, sameAnswers, scoreInstrument, validateAnswers } from "../../../common/instruments/scoring.ts";
import type { InstrumentResult } from "../../../common/instruments/types.ts";
import type { AreaResult, ExtendedScreening } from "../../../common/schemas/screening.ts";
import type { AppContext } from "../../app-context.ts";
import { lockUntilCommit } from "../../db/advisory-locks.ts";
import type { DbOrTx } from "../../db/client.ts";
import { onboardings, screenings, screeningScores } from "../../db/schema/screening.ts";
import { AppError } from "../../lib/app-error.ts";
import { isDeletedOnboardingReference } from "../../db/unique-violation.ts";
import { lockUserRow } from "../accounts/users-repository.ts";
import { audit } from "../audit/audit.ts";
import { recentCrisis } from "../clinical/clinical-state.ts";
import { sealCrisis, sealScreeningScore } from "./health-values.ts";
import type { ScreeningOwner } from "./onboarding-service.ts";
import { answerFieldErrors, instrumentQuestions, localizeQuestion } from "./questions.ts";
import { scoredResults, worseThanBefore } from "./recommended-courses.ts";
import { CRISIS_EVENT, answersAad, latestLightAnswers, latestScreening, type StoredScreening } from "./screening-repository.ts";

const seconds = (date: Date): number => Math.floor(date.getTime() / 1000);

function ownerColumns(owner: ScreeningOwner) {
  return owner.kind === "user" ? { userId: owner.userId, onboardingId: null } : { userId: null, onboardingId: owner.onboardingId };
}

/**
 * Records that the crisis information was shown: where, never the answer, and no address (a
 * health fact). A visitor's entry belongs to their onboarding and goes when it does.
 */
async function recordCrisis(ctx: AppContext, owner: ScreeningOwner, where: string, db: DbOrTx = ctx.db): Promise<void> {
  await audit(ctx, db, {
    userId: owner.kind === "user" ? owner.userId : null,
    onboardingId: owner.kind === "visitor" ? owner.onboardingId : null,
    event: CRISIS_EVENT,
    ip: null,
    detail: { where },
  }).catch((error: unknown) => {
    // The visitor clean-up deleted the onboarding meanwhile: answered as the next request would be
    // (the crisis panel is shown by the client from the answer itself). A user's deleted account
    // is answered 401 by the error handler.
    if (owner.kind === "visitor" && isDeletedOnboardingReference(error, owner.onboardingId)) throw new AppError("onboarding.token_invalid");
    throw error;
  });
}

function areaResult(result: InstrumentResult): AreaResult {
  return { area: result.area, instrument: result.instrument, score: result.score, max: result.max, band: result.band, severity: result.severity };
}

export function lightScreeningQuestions(locale: Locale) {
  return { questions: lightScreening.map((question) => localizeQuestion(question, locale)) };
}

type LightAnswer = { areas: AreaResult[]; crisis: boolean; healthcare_advice: boolean };

const refusedId = () => new AppError("request.invalid", { fields: { "body.id": "invalid_value" } });

/**
 * The screening a client's `id` names, or null when it names none. The id of another owner's
 * screening, or of one of the other kind, is refused on its field (400 `body.id`).
 */
async function screeningById(db: DbOrTx, owner: ScreeningOwner, id: string, kind: "light" | "extended") {
  const [row] = await db
    .select({ userId: screenings.userId, onboardingId: screenings.onboardingId, kind: screenings.kind, answers: screenings.answers, completedAt: screenings.completedAt })
    .from(screenings)
    .where(eq(screenings.id, id))
    .limit(1);
  if (!row) return null;
  const own = owner.kind === "user" ? row.userId === owner.userId : row.onboardingId === owner.onboardingId;
  if (!own || row.kind !== kind) throw refusedId();
  return row;
}

/**
 * The answer to a light screening stored before with the client's `id`, worked out again from
 * what was stored, or null when none is. The id of another owner's screening, of an extended one
 * or of other answers (never sent again by the client) is refused on its field.
 */
async function answeredBefore(ctx: AppContext, owner: ScreeningOwner, id: string, sent: Record<string, number>): Promise<LightAnswer | null> {
  const row = await screeningById(ctx.db, owner, id, "light");
  if (!row) return null;
  if (row.answers === null) throw refusedId();
  const answers = JSON.parse(ctx.cipher.decrypt(row.answers, answersAad(id, null))) as Record<string, number>;
  if (!sameAnswers(answers, sent)) throw refusedId();
  const result = scoreLightScreening(answers);
  const advice = healthcareAdvice({ results: result.areas, selfHarm: result.crisis, recentCrisis: await recentCrisis(ctx, owner) });
  return { areas: result.areas.map(areaResult), crisis: result.crisis, healthcare_advice: advice };
}

/**
 * Scores and stores a light screening. PHQ-9 item 9 is checked on the raw answers before
 * anything else: above 0 the answer says `crisis`, whatever else happens, and the event is
 * recorded: with the screening when it is stored, else when the answers are refused.
 *
 * With the client's `id` (`submission`), the same answers sent again (a retry after an answer
 * that never arrived, a double submit, at the same moment too) are stored once, the crisis
 * recorded once, and the repeat answered as the first.
 */
export async function submitLightScreening(
  ctx: AppContext,
  owner: ScreeningOwner,
  answers: Record<string, unknown>,
  submission?: string,
): Promise<LightAnswer> {
  const crisis = isCrisis(answers);
  let recorded = false;
  try {
    const validation = validateLightScreening(answers);
    if (!validation.ok) throw new AppError("request.invalid", { fields: answerFieldErrors("body.answers", validation.fields) });
    if (submission) {
      // Stored, with the crisis recorded, when the answers came the first time.
      const before = await answeredBefore(ctx, owner, submission, validation.answers);
      if (before) return before;
    }
    const result = scoreLightScreening(validation.answers);
    const id = submission ?? randomUUID();
    const now = ctx.clock.now();
    const stored = await ctx.db.transaction(async (tx) => {
      await lockOwner(tx, owner);
      const [row] = await tx
        .insert(screenings)
        .values({
          id,
          ...ownerColumns(owner),
          kind: "light",
          answers: ctx.cipher.encrypt(JSON.stringify(validation.answers), answersAad(id, null)),
          crisis: sealCrisis(ctx.cipher, result.crisis, id),
          startedAt: now,
          updatedAt: now,
          completedAt: now,
        })
        .onConflictDoNothing({ target: screenings.id })
        .returning({ id: screenings.id });
      // The same answers stored meanwhile, sent at the same moment (or the id is not the client's own).
      if (!row) return false;
      await tx.insert(screeningScores).values(
        result.areas.map((area) => ({
          screeningId: id,
          instrument: area.instrument,
          area: area.area,
          ...sealScreeningScore(ctx.cipher, area, id, area.instrument),
          createdAt: now,
        })),
      );
      if (crisis) await recordCrisis(ctx, owner, "light_screening", tx);
      return true;
    });
    recorded = stored;
    if (!stored) {
      const first = await answeredBefore(ctx, owner, id, validation.answers);
      if (!first) throw new Error("unreachable: the conflicting screening is stored");
      return first;
    }
    const advice = healthcareAdvice({ results: result.areas, selfHarm: result.crisis, recentCrisis: await recentCrisis(ctx, owner) });
    return { areas: result.areas.map(areaResult), crisis: result.crisis, healthcare_advice: advice };
  } catch (error) {
    // Refused or failed: the crisis is still recorded (once, with the screening when it is stored).
    if (crisis && !recorded) await recordCrisis(ctx, owner, "light_screening");
    throw error;
  }
}

/**
 * The groups in order with the owner's progress, and the merged results once all are done.
 * `advice`: the healthcare advice of the completed screening (rules H1–H5); `carried`: the light
 * screening's answers for the groups still to answer.
 */
function extendedView(screening: StoredScreening | null, locale: Locale, advice: boolean, carried: ExtendedScreening["carried"] = null): ExtendedScreening {
  const done = new Map(screening?.scores.map((score) => [score.instrument, score]) ?? []);
  const complete = screening?.completedAt != null;
  const areas: AreaResult[] = extendedScreeningGroups.flatMap((group) => {
    const score = done.get(group);
    if (!score) return [];
    const instrument = getInstrument(group);
    // Band and severity from the score and today's bands (PSS severities are capped at "mild").
    const band = bandFor(instrument, score.score);
    return [{ area: instrument.area, instrument: group, score: score.score, max: instrument.maxScore, band: band.id, severity: band.severity }];
  });
  return {
    id: screening?.id ?? null,
    groups: extendedScreeningGroups.map((group) => ({
      id: group,
      instrument: group,
      questions: instrumentQuestions(getInstrument(group), locale),
      completed: done.has(group),
    })),
    started_at: screening ? seconds(screening.startedAt) : null,
    updated_at: screening ? seconds(screening.updatedAt) : null,
    crisis: screening?.crisis ?? false,
    results: complete ? { areas, healthcare_advice: advice } : null,
    carried: complete ? null : carried,
  };
}

/**
 * The light screening's answers for the groups still to answer, when that light screening came
 * after the last completed extended one (it is what led here) and within each instrument's time
 * frame (common/instruments/carry-forward.ts).
 */
async function carriedAnswers(ctx: AppContext, owner: ScreeningOwner, current: StoredScreening | null, light: LightAnswers | null): Promise<ExtendedScreening["carried"]> {
  if (!light) return null;
  const lastDone = current?.completedAt ? current : await latestScreening(ctx.db, ctx.cipher, owner, "extended", { completed: true });
  if (lastDone?.completedAt && lastDone.completedAt >= light.completedAt) return null;
  const saved = new Set(current?.completedAt ? [] : (current?.scores.map((score) => score.instrument) ?? []));
  const groups = Object.fromEntries(
    Object.entries(lightToExtended(light.answers, light.completedAt, ctx.clock.now())).filter(([group]) => !saved.has(group)),
  );
  return Object.keys(groups).length ? { at: seconds(light.completedAt), groups } : null;
}

type LightAnswers = Awaited<ReturnType<typeof latestLightAnswers>>;

const isExtendedScreeningGroup = (id: string): id is ExtendedScreeningGroup => (extendedScreeningGroups as readonly string[]).includes(id);

/**
 * Whether the owner's newest extended screening is the one to go on with (resume it, or show its
 * results), given their newest light screening. Not when that light screening was completed after
 * the extended one's last save: it is then the newest screening (clinical.md: "the newest completed
 * screening of either kind counts") and what led here, so a new extended screening starts from its
 * answers — older results, or a sitting begun before it, would stand in its place without its
 * answers, PHQ-9 item 9 among them. Nor, for one in progress, when a group saved in it is past its
 * instrument's time frame (common/instruments/carry-forward.ts): those answers no longer describe
 * the person, and they would complete a screening counted as new.
 */
export function continuesWith(screening: StoredScreening, lightCompletedAt: Date | null, now: Date): boolean {
  if (lightCompletedAt && lightCompletedAt > screening.updatedAt) return false;
  if (screening.completedAt) return true;
  return screening.scores.every((score) => !isExtendedScreeningGroup(score.instrument) || stillValid(score.instrument, score.createdAt, now));
}

/** The newest extended screening to go on with (continuesWith), and the newest light screening's answers. */
async function currentExtended(ctx: AppContext, db: DbOrTx, owner: ScreeningOwner): Promise<{ screening: StoredScreening | null; light: LightAnswers }> {
  const latest = await latestScreening(db, ctx.cipher, owner, "extended");
  const light = await latestLightAnswers(db, ctx.cipher, owner);
  const screening = latest && continuesWith(latest, light?.completedAt ?? null, ctx.clock.now()) ? latest : null;
  return { screening, light };
}

export async function getExtendedScreening(ctx: AppContext, owner: ScreeningOwner, locale: Locale): Promise<ExtendedScreening> {
  const { screening, light } = await currentExtended(ctx, ctx.db, owner);
  const complete = screening !== null && screening.completedAt !== null;
  const advice =
    screening !== null &&
    complete &&
    healthcareAdvice({
      results: scoredResults(screening),
      selfHarm: screening.crisis,
      recentCrisis: await recentCrisis(ctx, owner),
      worsened: await worseThanBefore(ctx, owner, screening),
    });
  return extendedView(screening, locale, advice, complete ? null : await carriedAnswers(ctx, owner, screening, light));
}

/**
 * Waits until no other transaction is saving the owner's extended screening, up to its commit.
 * A save reads the screening in progress and decides from it (start one? complete it? the crisis
 * flag so far); two saves at once under READ COMMITTED would each start their own screening,
 * neither would see the other's groups to complete it, and the later would write the crisis flag
 * it read before the other raised it.
 */
async function lockOwnersScreenings(tx: DbOrTx, owner: ScreeningOwner): Promise<void> {
  const key = owner.kind === "user" ? `user:${owner.userId}` : `visitor:${owner.onboardingId}`;
  await lockUntilCommit(tx, "screening", key);
  await lockOwner(tx, owner);
}

/**
 * Takes the owner's row (the account, or the visitor's onboarding) before any screening row: an
 * account deleted, or an onboarding the clean-up deleted, while the request ran is refused as the
 * next request would be (401, or 400 `onboarding.token_invalid`), not by a foreign key (a 500); and
 * the deletion, which takes the owner's row and then the screenings, never waits for a screening
 * row this transaction holds while this one waits for it.
 */
async function lockOwner(tx: DbOrTx, owner: ScreeningOwner): Promise<void> {
  if (owner.kind === "user") return lockUserRow(tx, owner.userId);
  const [live] = await tx.select({ id: onboardings.id }).from(onboardings).where(eq(onboardings.id, owner.onboardingId)).for("key share");
  if (!live) throw new AppError("onboarding.token_invalid");
}

/** The answers stored per group of a screening, decrypted. */
async function storedGroupAnswers(ctx: AppContext, db: DbOrTx, screeningId: string): Promise<Map<string, Record<string, number>>> {
  const rows = await db.select({ instrument: screeningScores.instrument, answers: screeningScores.answers }).from(screeningScores).where(eq(screeningScores.screeningId, screeningId));
  return new Map(
    rows.flatMap((row) =>
      row.answers === null ? [] : [[row.instrument, JSON.parse(ctx.cipher.decrypt(row.answers, answersAad(screeningId, row.instrument))) as Record<string, number>] as const],
    ),
  );
}

type ScoredGroup = { group: string; result: InstrumentResult; answers: Record<string, number> };

/**
 * Where a save goes, decided in the transaction after the owner's lock: into the owner's screening
 * in progress, else into a new one (with the client's `id`, `submission`, when it names none yet).
 * `repeat`: the id names a completed screening that holds exactly these answers, so this is the
 * save that completed it, sent again. The id of another owner's screening or of a light one is
 * refused on its field; other answers for a completed one (a stale tab) are saved as without an id.
 */
async function saveTarget(
  ctx: AppContext,
  tx: DbOrTx,
  owner: ScreeningOwner,
  scored: ScoredGroup[],
  submission: string | undefined,
): Promise<{ repeat: true } | { repeat: false; current: StoredScreening | null; newId?: string }> {
  const { screening: latest } = await currentExtended(ctx, tx, owner);
  const inProgress = latest && !latest.completedAt ? latest : null;
  if (!submission) return { repeat: false, current: inProgress };
  const named = await screeningById(tx, owner, submission, "extended");
  if (!named) return { repeat: false, current: inProgress, newId: submission };
  if (named.completedAt) {
    const stored = await storedGroupAnswers(ctx, tx, submission);
    const same = scored.every(({ group, answers }) => {
      const before = stored.get(group);
      return before !== undefined && sameAnswers(before, answers);
    });
    if (same) return { repeat: true };
  }
  return { repeat: false, current: inProgress };
}

/**
 * Saves answered groups of the extended screening at once (each scored by the server). Posting
 * after a completed screening starts a new one. When every group is completed the answer holds
 * the merged results. PHQ-9 item 9 above 0 is recorded with the save, or when the answers are
 * refused; the answer's `crisis` says so whatever else happens.
 *
 * With the screening's `id` (`submission`, optional) the save that completed it, sent again, is
 * answered with its results and stores nothing (the crisis recorded once).
 */
export async function saveExtendedGroups(
  ctx: AppContext,
  owner: ScreeningOwner,
  groups: Partial<Record<(typeof extendedScreeningGroups)[number], { answers: Record<string, unknown> }>>,
  locale: Locale,
  submission?: string,
): Promise<ExtendedScreening> {
  const crisis = isCrisis(groups.phq9?.answers);
  let recorded = false;
  try {
    const scored: ScoredGroup[] = [];
    let fields: Record<string, string> = {};
    for (const group of extendedScreeningGroups) {
      const input = groups[group];
      if (!input) continue;
      const instrument = getInstrument(group);
      const validation = validateAnswers(instrument, input.answers);
      if (!validation.ok) {
        fields = { ...fields, ...answerFieldErrors(`body.groups.${group}.answers`, validation.fields) };
        continue;
      }
      scored.push({ group, result: scoreInstrument(instrument, validation.answers), answers: validation.answers });
    }
    if (Object.keys(fields).length > 0) throw new AppError("request.invalid", { fields });

    const now = ctx.clock.now();
    await ctx.db.transaction(async (tx) => {
      await lockOwnersScreenings(tx, owner);
      const target = await saveTarget(ctx, tx, owner, scored, submission);
      if (target.repeat) return;
      let current = target.current;
      if (!current) {
        const id = target.newId ?? randomUUID();
        await tx
          .insert(screenings)
          .values({ id, ...ownerColumns(owner), kind: "extended", crisis: sealCrisis(ctx.cipher, false, id), startedAt: now, updatedAt: now });
        current = { id, kind: "extended", crisis: false, startedAt: now, updatedAt: now, completedAt: null, scores: [] };
      }
      const screeningId = current.id;
      for (const { group, result, answers } of scored) {
        const values = {
          ...sealScreeningScore(ctx.cipher, result, screeningId, group),
          answers: ctx.cipher.encrypt(JSON.stringify(answers), answersAad(screeningId, group)),
          createdAt: now,
        };
        await tx
          .insert(screeningScores)
          .values({ screeningId, instrument: group, area: result.area, ...values })
          .onConflictDoUpdate({ target: [screeningScores.screeningId, screeningScores.instrument], set: values });
      }
      const doneGroups = new Set([...current.scores.map((s) => s.instrument), ...scored.map((s) => s.group)]);
      const complete = extendedScreeningGroups.every((group) => doneGroups.has(group));
      await tx
        .update(screenings)
        .set({
          updatedAt: now,
          // The crisis flag stays once raised (clinical.md: the advice holds for 14 days after an
          // item 9 answer above 0), also when the PHQ-9 group is answered again with item 9 at 0.
          crisis: sealCrisis(ctx.cipher, crisis || current.crisis, screeningId),
          completedAt: complete ? now : null,
        })
        .where(eq(screenings.id, screeningId));
      if (crisis) await recordCrisis(ctx, owner, "extended_screening", tx);
    });
    // Recorded with the save, or with the first copy of a repeat.
    recorded = true;
  } catch (error) {
    // Refused or failed: the crisis is still recorded (once, with the save when it is stored).
    if (crisis && !recorded) await recordCrisis(ctx, owner, "extended_screening");
    throw error;
  }
  return getExtendedScreening(ctx, owner, locale);
}
