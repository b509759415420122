/**
 * Counts requests being worked on, so that shutdown closes the database only after the last one
 * is done. A client that goes away does not stop its request's work (a login keeps hashing, then
 * writes), and Fastify's close resolves once the sockets are gone, not once the handlers are.
 */
export class InFlight {
  private count = 0;
  private waiters: (() => void)[] = [];

  get size(): number {
    return this.count;
  }

  /** One more request; the returned function ends it (calling it again does nothing). */
  begin(): () => void {
    this.count += 1;
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      this.count -= 1;
      if (this.count === 0) for (const wake of this.waiters.splice(0)) wake();
    };
  }

  /** Resolves true when no request is in flight, or false after `timeoutMs`. */
  idle(timeoutMs: number): Promise<boolean> {
    if (this.count === 0) return Promise.resolve(true);
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve(false), timeoutMs);
      timer.unref();
      this.waiters.push(() => {
        clearTimeout(timer);
        resolve(true);
      });
    });
  }
}
