// The checkpoints' git calls, one at a time (a restore never meets a snapshot half done), and held back while a model
// request is being made: spawning git costs the main thread milliseconds the request would otherwise wait for.

export class JobQueue {
  private chain: Promise<unknown> = Promise.resolve();
  /** Opens the queue `hold` closed. */
  private opener: (() => void) | undefined;

  /** Runs `job` after every job queued before it, failed or not. */
  run<T>(job: () => Promise<T>): Promise<T> {
    const next = this.chain.then(job, job);
    this.chain = next.catch(() => undefined);
    return next;
  }

  /** Jobs queued from now on wait for `release` (jobs already under way go on). */
  hold(): void {
    if (this.opener) return;
    const gate = new Promise<void>((open) => {
      this.opener = open;
    });
    this.chain = this.chain.then(() => gate);
  }

  release(): void {
    const open = this.opener;
    this.opener = undefined;
    open?.();
  }

  /** Resolves once every queued job has run: held jobs are released, since someone now waits for them. */
  async settled(): Promise<void> {
    this.release();
    await this.chain;
  }
}
