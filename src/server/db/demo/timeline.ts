/**
 * The demo's past on one clock: the sales history and the inventory's year put their steps here and they run in the
 * order they happened, so the stock ledger's sequence follows time as it does when users write it (the kardex and
 * its balances at a past instant read the ledger by sequence).
 */
export interface TimelineStep {
  at: Date;
  /** Same-moment order: sales, then refunds, then adjustments, closings, the nightly job. */
  rank: number;
  run: () => Promise<unknown>;
}

const byMoment = (a: TimelineStep, b: TimelineStep) => a.at.getTime() - b.at.getTime() || a.rank - b.rank;

export class Timeline {
  private steps: TimelineStep[] = [];
  private sorted = false;

  /** A step; one added while the timeline runs (a refund its sale plans, an order's next status) goes in its place. */
  add(step: TimelineStep): void {
    if (!this.sorted) {
      this.steps.push(step);
      return;
    }
    let [lo, hi] = [0, this.steps.length];
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (byMoment(this.steps[mid]!, step) <= 0) lo = mid + 1;
      else hi = mid;
    }
    this.steps.splice(lo, 0, step);
  }

  /** Runs every step in order; `onProgress` is called every thousand steps with the share done. */
  async run(onProgress: (share: number) => Promise<void> = async () => {}): Promise<void> {
    this.steps.sort(byMoment);
    this.sorted = true;
    let done = 0;
    while (this.steps.length) {
      if (++done % 1000 === 0) await onProgress(done / (done + this.steps.length));
      await this.steps.shift()!.run();
    }
    this.sorted = false;
  }
}
