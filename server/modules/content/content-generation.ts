/**
 * A counter of content imports in this process. Caches of imported content (the course
 * structure) include it in their version, so content re-imported by this process is seen at
 * once; imports by other processes are noticed by the course's `updated_at`, which every import
 * sets.
 */
let generation = 0;

export function contentGeneration(): number {
  return generation;
}

/** Called after an import committed. */
export function contentImported(): void {
  generation += 1;
}
