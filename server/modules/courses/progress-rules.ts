/**
 * The progress rules of §4 as pure functions: which modules are done, the pause before each
 * part (counted from when the previous part was finished), the active part and module.
 */

export interface PartInput {
  id: string;
  key: string;
  pauseDays: number;
}

export interface ModuleInput {
  id: string;
  key: string;
  partId: string;
  /** Shown by a safety check's outcome: never holds back the part's completion. */
  optional?: boolean;
}

export type WithProgress<P, M> = P & {
  completed: boolean;
  modules: (M & { completedAt: Date | null; pauseUntil: number | null })[];
};

/**
 * Parts in order with their modules' completion and pauses. A part's first module carries
 * `pauseUntil` (seconds) when the part has a pause and the previous part is finished: the time
 * its last module was completed plus the pause in days of `daySeconds`.
 */
export function partsWithProgress<P extends PartInput, M extends ModuleInput>(
  parts: readonly P[],
  modules: readonly M[],
  completedAt: ReadonlyMap<string, Date>,
  daySeconds: number,
): WithProgress<P, M>[] {
  let previousFinishedAt: Date | null = null;
  return parts.map((part) => {
    const pauseUntil =
      previousFinishedAt && part.pauseDays > 0 ? Math.floor(previousFinishedAt.getTime() / 1000) + part.pauseDays * daySeconds : null;
    const own = modules
      .filter((m) => m.partId === part.id)
      .map((m, i) => ({ ...m, completedAt: completedAt.get(m.id) ?? null, pauseUntil: i === 0 ? pauseUntil : null }));
    const completed = own.length > 0 && own.every((m) => m.completedAt || m.optional);
    previousFinishedAt = completed ? latestCompletion(own) : null;
    return { ...part, modules: own, completed };
  });
}

function latestCompletion(modules: { completedAt: Date | null }[]): Date | null {
  let latest: Date | null = null;
  for (const m of modules) if (m.completedAt && (!latest || m.completedAt > latest)) latest = m.completedAt;
  return latest;
}

export interface Position {
  /** The first part not completed (null when all are). */
  activePart: string | null;
  /** The first module not completed in the active part. */
  activeModule: string | null;
  /** Seconds; set while the active part's pause is still running. */
  pauseUntil: number | null;
  progress: number;
}

export function position(parts: readonly WithProgress<PartInput, ModuleInput>[], nowSeconds: number): Position {
  const active = parts.find((p) => !p.completed) ?? null;
  const module = active?.modules.find((m) => !m.completedAt) ?? null;
  const pause = active?.modules[0]?.pauseUntil ?? null;
  const total = parts.reduce((n, p) => n + p.modules.length, 0);
  const done = parts.reduce((n, p) => n + p.modules.filter((m) => m.completedAt).length, 0);
  return {
    activePart: active?.key ?? null,
    activeModule: module?.key ?? null,
    pauseUntil: pause !== null && pause > nowSeconds ? pause : null,
    progress: total ? done / total : 0,
  };
}

/** Whether a module may be opened: every earlier part is finished and its part's pause is over. */
export function isOpen(parts: readonly WithProgress<PartInput, ModuleInput>[], moduleKey: string, nowSeconds: number): "open" | "locked" | "unknown" {
  for (const [index, part] of parts.entries()) {
    if (!part.modules.some((m) => m.key === moduleKey)) continue;
    const earlierDone = parts.slice(0, index).every((p) => p.completed);
    const pause = part.modules[0]?.pauseUntil ?? null;
    return earlierDone && (pause === null || pause <= nowSeconds) ? "open" : "locked";
  }
  return "unknown";
}
