// A push-based async queue: producers running side by side push events, one consumer pulls them in order.

export class EventQueue<T> {
  private items: T[] = [];
  private waiting: (() => void) | undefined;

  push(item: T): void {
    this.items.push(item);
    const wake = this.waiting;
    this.waiting = undefined;
    wake?.();
  }

  /** Yields pushed items until `done` settles, then yields whatever is left. */
  async *drainUntil(done: Promise<unknown>): AsyncGenerator<T> {
    let finished = false;
    const settled = done.then(
      () => { finished = true; this.wake(); },
      () => { finished = true; this.wake(); },
    );
    while (true) {
      while (this.items.length > 0) yield this.items.shift() as T;
      if (finished) break;
      await new Promise<void>((resolve) => { this.waiting = resolve; });
    }
    await settled;
  }

  private wake(): void {
    const wake = this.waiting;
    this.waiting = undefined;
    wake?.();
  }
}
