/**
 * Work of the same key, one at a time in this process, in arrival order: a burst of sales of one customer waits
 * here, holding nothing, instead of each taking a pooled connection to wait on the customer's row lock while the
 * rest of the clinic waits for a connection. The database locks still decide between processes; this only keeps
 * the waiting out of the pool.
 */
export class KeyedQueue {
  private readonly tails = new Map<string, Promise<unknown>>();

  /** Runs `work` after every earlier work of the same key has settled (a null key runs at once). */
  run<T>(key: string | null | undefined, work: () => Promise<T>): Promise<T> {
    if (!key) return work();
    const before = this.tails.get(key) ?? Promise.resolve();
    const mine = before.then(work, work);
    const tail = mine.then(
      () => undefined,
      () => undefined,
    );
    this.tails.set(key, tail);
    void tail.then(() => {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    });
    return mine;
  }

  /** Keys with work queued or running (for tests). */
  get size(): number {
    return this.tails.size;
  }
}
