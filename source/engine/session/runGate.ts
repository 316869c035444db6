// The one door every run goes through (a prompt, its continuation, a team, a `!command`, a compaction): one run at a
// time, one AbortController per run, and the run's id for events emitted outside its own stream.
import { newId } from '../../protocol/ids.js';

/** What every run entry point says while another run is active. */
export const runBusyMessage = 'A run is already active; wait for it to end or abort it first.';

export class RunBusyError extends Error {
  override name = 'RunBusyError';
  constructor() {
    super(runBusyMessage);
  }
}

/** A run that went through the gate; `end()` opens it again (only once, and only for this run). */
export interface ActiveRun {
  /** Undefined for work that is no run of its own (a compaction). */
  readonly runId: string | undefined;
  readonly signal: AbortSignal;
  end(): void;
}

export class RunGate {
  private active: { controller: AbortController; runId: string | undefined } | undefined;

  /** Opens a run, or throws RunBusyError while another is active. `runId: false` for work that is no run. */
  begin(o: { runId?: boolean } = {}): ActiveRun {
    if (this.active) throw new RunBusyError();
    const entry = { controller: new AbortController(), runId: o.runId === false ? undefined : newId('run') };
    this.active = entry;
    return {
      runId: entry.runId,
      signal: entry.controller.signal,
      end: () => {
        if (this.active === entry) this.active = undefined;
      },
    };
  }

  get running(): boolean {
    return this.active !== undefined;
  }

  /** The run active now, for the ids of events outside its stream. */
  get runId(): string | undefined {
    return this.active?.runId;
  }

  abort(): void {
    this.active?.controller.abort();
  }
}
