// On every way out of rein (quit, signals, crashes, process.exit) stops every process group it started and says so once.
import { onExit } from 'signal-exit';
import { keepChunkCaches } from './chunkLoader.js';
import { killAllProcessGroupsNow, stopAllProcessGroups, stoppedProcessesLine } from '../tools/processRegistry.js';

export interface ShutdownOptions {
  /** Where the closing lines go (standard error). */
  write: (text: string) => void;
}

export interface Shutdown {
  /** Gives the line naming the session and how to continue it (undefined: nothing to say), said once on the way out. */
  setFarewell(line: () => string | undefined): void;
  /** Runs on every way out, signals included, after the processes are stopped; must be synchronous and never throw. */
  addCleanup(cleanup: () => void): void;
  /** The normal way out: stops what is still running (gracefully), then says what was stopped and the farewell. */
  finish(): Promise<void>;
}

/**
 * Installs the exit hooks. signal-exit runs them on SIGTERM, SIGHUP and SIGINT (when nothing else handles
 * the signal) after the terminal was restored (alwaysLast), then lets the signal end the process; a plain
 * 'exit' listener covers process.exit from code that loaded an older signal-exit (Ink's) and crashes.
 * Nothing can be awaited there, so the groups are killed at once.
 */
export function installShutdown(opts: ShutdownOptions): Shutdown {
  let reported = 0;
  let farewell: (() => string | undefined) | undefined;
  const cleanups: Array<() => void> = [];
  const say = (line: string): void => {
    try {
      opts.write(`${line}\n`);
    } catch {
      // The terminal is gone (hang-up): nobody is left to read it.
    }
  };
  const report = (stopped: number): void => {
    if (stopped > reported) say(`rein: ${stoppedProcessesLine(stopped)}`);
    reported = stopped;
    const line = farewell?.();
    farewell = undefined;
    if (line !== undefined) say(line);
  };
  const onWayOut = (): void => {
    report(killAllProcessGroupsNow());
    for (const cleanup of cleanups.splice(0)) {
      try {
        cleanup();
      } catch {
        // A cleanup that fails leaves its leftover; the way out goes on.
      }
    }
    // The built CLI's chunk caches (chunkLoader.ts): on a signal no 'exit' is emitted to write them.
    const keep = (globalThis as Record<symbol, unknown>)[keepChunkCaches];
    if (typeof keep === 'function') {
      try {
        (keep as () => void)();
      } catch {
        // The next start compiles again.
      }
    }
  };
  onExit(onWayOut, { alwaysLast: true });
  process.on('exit', onWayOut);
  return {
    setFarewell(line) {
      farewell = line;
    },
    addCleanup(cleanup) {
      cleanups.push(cleanup);
    },
    async finish() {
      report(await stopAllProcessGroups());
    },
  };
}
