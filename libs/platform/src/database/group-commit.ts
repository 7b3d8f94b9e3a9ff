interface Waiting<T, R> {
  item: T;
  resolve: (result: R) => void;
  reject: (err: unknown) => void;
}

export interface GroupCommitOptions<T, R> {
  /** Writes one batch in one transaction and answers one result per item, in the batch's order. */
  write: (batch: T[]) => Promise<R[]>;
  /**
   * The next batch out of the waiting items, at least one and at most `maxBatch`, in the order it is written; what it
   * leaves stays waiting for a later batch. Each submitted item must be its own object: items are told apart by
   * identity. Default: the first `maxBatch` in arrival order.
   */
  take?: (waiting: readonly T[], maxBatch: number) => T[];
  maxBatch?: number;
  /** Batches in flight at once: two let one commit while the next is written. */
  maxInFlight?: number;
}

/**
 * Group commit: items submitted within the same moment are written together, one round trip, plan and commit per
 * batch instead of per item, which is what lets one process keep up with a stream's bursts.
 *
 * Nothing waits for a timer: items submitted in one turn of the event loop leave together as soon as a slot is free,
 * so a lone item goes alone and larger batches only form while earlier ones are in flight. A batch that fails is
 * retried item by item, so one item's failure is that item's answer alone and never another's.
 */
export class GroupCommit<T, R> {
  private waiting: Waiting<T, R>[] = [];
  private inFlight = 0;
  private scheduled = false;
  private readonly maxBatch: number;
  private readonly maxInFlight: number;

  constructor(private readonly options: GroupCommitOptions<T, R>) {
    this.maxBatch = options.maxBatch ?? 250;
    this.maxInFlight = options.maxInFlight ?? 2;
  }

  submit(item: T): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.waiting.push({ item, resolve, reject });
      if (this.scheduled) return;
      this.scheduled = true;
      setImmediate(() => {
        this.scheduled = false;
        this.drain();
      });
    });
  }

  private drain(): void {
    while (this.inFlight < this.maxInFlight && this.waiting.length) {
      const batch = this.take();
      this.inFlight++;
      void this.writeOrSplit(batch).finally(() => {
        this.inFlight--;
        this.drain();
      });
    }
  }

  private take(): Waiting<T, R>[] {
    if (!this.options.take) return this.waiting.splice(0, this.maxBatch);
    const byItem = new Map(this.waiting.map((w) => [w.item, w]));
    const chosen = this.options.take(
      this.waiting.map((w) => w.item),
      this.maxBatch,
    );
    const batch = chosen.map((item) => byItem.get(item)!);
    const taken = new Set(batch);
    this.waiting = this.waiting.filter((w) => !taken.has(w));
    return batch;
  }

  private async writeOrSplit(batch: Waiting<T, R>[]): Promise<void> {
    try {
      const results = await this.options.write(batch.map((w) => w.item));
      batch.forEach((w, i) => w.resolve(results[i]!));
    } catch (err) {
      if (batch.length === 1) return batch[0]!.reject(err);
      for (const w of batch)
        await this.options.write([w.item]).then(
          ([result]) => w.resolve(result!),
          (alone: unknown) => w.reject(alone),
        );
    }
  }
}
