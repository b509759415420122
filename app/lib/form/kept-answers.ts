import { useEffect, useRef, useState } from "react";
import type { ScreeningQuestion } from "../../../common/schemas/screening.ts";
import { useRootData } from "../root-data.ts";
import { drafts } from "./draft-store.ts";

/**
 * A questionnaire's answers that a logged-in person has chosen and not yet sent, kept for the tab
 * as unsent text is (draft-store, ADR 033): a session that ended while they answered makes the
 * sending refused (401), and the forced logout's page load would take every choice with it. The
 * answers come back when the same questions are shown again to the same account. Never for
 * visitors.
 */

/** The kept answers that still fit `questions` (an id it asks, a value it offers), or null. */
export function restoreAnswers(stored: unknown, questions: readonly ScreeningQuestion[]): Record<string, number> | null {
  if (typeof stored !== "object" || stored === null || Array.isArray(stored)) return null;
  const kept = stored as Record<string, unknown>;
  const answers: Record<string, number> = {};
  for (const question of questions) {
    const value = kept[question.id];
    if (typeof value === "number" && question.options.some((option) => option.value === value)) answers[question.id] = value;
  }
  return Object.keys(answers).length ? answers : null;
}

/**
 * Keeps `answers` as the draft `name` while `unsent` (the person chose them and they have not
 * gone through), removes it once they have, and writes it again as the page goes (the forced
 * logout's page load comes after its Clear-Site-Data). After hydration, once per account and
 * name, answers kept earlier that fit `questions` are handed to `onRestore`. `name` null: nothing
 * is kept (not yet known which questions these are). Gives whether answers were given back, and
 * `forget`, for when the answers under this name have gone through and the name moves on.
 */
export function useKeptAnswers({
  name,
  questions,
  answers,
  unsent,
  onRestore,
}: {
  name: string | null;
  questions: readonly ScreeningQuestion[];
  answers: Record<string, number>;
  unsent: boolean;
  onRestore: (answers: Record<string, number>) => void;
}): { restored: boolean; forget: () => void } {
  const owner = useRootData()?.status.user_data?.id ?? null;
  // The name whose answers were given back (another name's form shows no notice).
  const [restoredName, setRestoredName] = useState<string | null>(null);
  const restoredFor = useRef<string | null>(null);
  const latest = useRef({ owner, name, answers, unsent });
  latest.current = { owner, name, answers, unsent };
  const restore = useRef(onRestore);
  restore.current = onRestore;

  // Declared before the effect that keeps: on the first pass the kept answers are read before an
  // untouched form would remove them.
  useEffect(() => {
    if (!owner || !name || restoredFor.current === `${owner} ${name}`) return;
    restoredFor.current = `${owner} ${name}`;
    const kept = restoreAnswers(drafts.read(name, owner), questions);
    if (!kept) return;
    restore.current(kept);
    setRestoredName(name);
  }, [owner, name, questions]);

  const serialised = JSON.stringify(answers);
  useEffect(() => keepAnswers(latest.current), [owner, name, unsent, serialised]);
  useEffect(() => {
    const leaving = () => keepAnswers(latest.current);
    window.addEventListener("pagehide", leaving);
    return () => window.removeEventListener("pagehide", leaving);
  }, []);
  return { restored: restoredName !== null && restoredName === name, forget: () => name && drafts.remove(name) };
}

function keepAnswers({ owner, name, answers, unsent }: { owner: string | null; name: string | null; answers: Record<string, number>; unsent: boolean }): void {
  if (!owner || !name) return;
  if (unsent && Object.keys(answers).length) drafts.save(name, owner, answers);
  else drafts.remove(name);
}
