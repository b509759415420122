/** V8's `gc` of `node --expose-gc` (scripts/node-flags.ts), when the process has it. */
type Gc = (options?: { type: "major"; execution: "sync"; flavor: "last-resort" }) => void;

/**
 * One full collection that also gives the freed pages back to the system: V8's "last resort"
 * flavour. A plain `gc()` frees the objects but keeps their pages pooled (measured: heap 72 MB,
 * resident 292 MB after it; 59 MB after this one).
 */
export function releaseMemory(gc: Gc | undefined = (globalThis as { gc?: Gc }).gc): void {
  gc?.({ type: "major", execution: "sync", flavor: "last-resort" });
}

/**
 * Gives memory back after a burst: when requests came since the last look and none for a whole
 * interval since, `releaseMemory` runs once (without `--expose-gc` nothing happens). V8 on its
 * own keeps a heap it grew for a load until the next load needs collecting (measured: 265 MB
 * resident a minute after a soak, docs/benchmarks.md).
 */
export function collectWhenIdle(options: { intervalMs: number; gc?: Gc | undefined }): {
  /** Called for every request. */
  seen(): void;
  stop(): void;
} {
  const gc = options.gc ?? (globalThis as { gc?: Gc }).gc;
  let requests = 0;
  let atLastLook = 0;
  let collectedAt = 0;
  const timer = setInterval(() => {
    if (requests === atLastLook && requests !== collectedAt) {
      collectedAt = requests;
      releaseMemory(gc);
    }
    atLastLook = requests;
  }, options.intervalMs);
  timer.unref();
  return {
    seen: () => {
      requests += 1;
    },
    stop: () => clearInterval(timer),
  };
}
