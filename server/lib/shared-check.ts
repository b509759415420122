/**
 * A yes/no check with a time limit of its own, for a health endpoint: the answer is false when the
 * check fails or has not answered within `timeoutMs`. At most one check runs at a time; callers
 * that come while it runs share it, so a silent dependency does not collect one check (and one
 * database connection, or a place in the pool's queue) per probe.
 */
export function sharedCheck(check: () => Promise<boolean>, timeoutMs: number): () => Promise<boolean> {
  let running: Promise<boolean> | null = null;
  return async () => {
    if (!running) {
      const current = Promise.resolve()
        .then(check)
        .catch(() => false)
        .finally(() => {
          if (running === current) running = null;
        });
      running = current;
    }
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(false), timeoutMs);
    });
    try {
      return await Promise.race([running, late]);
    } finally {
      clearTimeout(timer);
    }
  };
}
