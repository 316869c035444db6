// Makes sure every full-screen session gives the terminal back on any way out: exit, signals, crashes.

import { onExit } from 'signal-exit';

type Restore = () => void;

const sessions = new Set<Restore>();
let removeExitHook: (() => void) | undefined;

/** Runs every registered restore, once each; safe to call any number of times. */
export function restoreAllTerminals(): void {
  for (const restore of [...sessions]) {
    sessions.delete(restore);
    try {
      restore();
    } catch {
      // A half-closed terminal must not stop the other sessions from being restored.
    }
  }
  uninstallIfIdle();
}

/**
 * Registers a session's restore function until the returned release is called.
 * signal-exit covers SIGTERM/SIGHUP/SIGINT (re-raising the signal when nobody else handles it).
 * A plain 'exit' listener covers process.exit: Ink's older signal-exit copy bypasses the newer one's exit hook.
 * Crashes are handled here: restore first, then report and exit 1.
 */
export function guardTerminal(restore: Restore): () => void {
  sessions.add(restore);
  if (!removeExitHook) {
    removeExitHook = onExit(() => {
      restoreAllTerminals();
    });
    process.on('exit', restoreAllTerminals);
    process.on('uncaughtException', onCrash);
    process.on('unhandledRejection', onCrash);
  }
  return () => {
    sessions.delete(restore);
    uninstallIfIdle();
  };
}

function uninstallIfIdle(): void {
  if (sessions.size > 0 || !removeExitHook) return;
  removeExitHook();
  removeExitHook = undefined;
  process.off('exit', restoreAllTerminals);
  process.off('uncaughtException', onCrash);
  process.off('unhandledRejection', onCrash);
}

function onCrash(reason: unknown): void {
  restoreAllTerminals();
  process.stderr.write(`rein stopped on an unexpected error; please report it with the details below.\n${describe(reason)}\n`);
  process.exit(1);
}

function describe(reason: unknown): string {
  if (reason instanceof Error) return reason.stack ?? `${reason.name}: ${reason.message}`;
  return String(reason);
}
