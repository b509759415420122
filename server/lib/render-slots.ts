/**
 * At most `size` page renders at a time; the rest wait their turn in arrival order. A render holds
 * its page's data, React's tree and the HTML in memory: without a bound, fifty pages at once held
 * fifty of each, and the heap (bounded, ADR 024) was collected more often than it served. The
 * waiting costs no more than the renders ahead of it would have cost anyway on two cores.
 */
export class RenderSlots {
  private free: number;
  private readonly waiting: (() => void)[] = [];

  constructor(size: number) {
    this.free = size;
  }

  get queued(): number {
    return this.waiting.length;
  }

  /** Runs `fn` in a slot. */
  async run<T>(fn: () => Promise<T>): Promise<T> {
    if (this.free > 0) this.free -= 1;
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    try {
      return await fn();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.free += 1;
    }
  }
}
