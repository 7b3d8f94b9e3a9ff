/** The owner already has work in the pool. */
export class OwnerBusyError extends Error {
  constructor() {
    super('owner busy');
  }
}

/**
 * Bounds costly work (image decoding, password hashing): at most `size` jobs run at once across the process, the rest wait their turn
 * in arrival order, and one owner (a member), when named, has at most one job running or waiting, so a single member can neither
 * take every slot nor queue ahead of everyone.
 */
export class WorkPool {
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  private readonly owners = new Set<string>();

  constructor(private readonly size: number) {}

  /**
   * Runs `work` when a slot is free; throws OwnerBusyError at once when `owner` already has a job here. Without an
   * owner, the caller bounds how much one member can queue (a budget checked before).
   */
  async run<T>(owner: string | null, work: () => Promise<T>): Promise<T> {
    if (owner !== null && this.owners.has(owner)) throw new OwnerBusyError();
    if (owner !== null) this.owners.add(owner);
    try {
      if (this.running >= this.size) await new Promise<void>((resolve) => this.waiting.push(resolve));
      else this.running += 1;
      try {
        return await work();
      } finally {
        // The slot passes straight to the next waiter, or frees up.
        const next = this.waiting.shift();
        if (next) next();
        else this.running -= 1;
      }
    } finally {
      if (owner !== null) this.owners.delete(owner);
    }
  }
}
