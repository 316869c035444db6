// --resume of a session started in another directory: the TUI asks whether to run there, a headless run refuses it.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { UsageError, type CliArgs } from './args.js';
import { findSession } from '../sessionLog/listSessions.js';

import type { ResumeDirectoryChoice, ResumeElsewhere } from '../protocol/sessions.js';

export type { ResumeDirectoryChoice, ResumeElsewhere } from '../protocol/sessions.js';

const runThereLine = (s: ResumeElsewhere): string => `cd ${s.dir} && rein --resume ${s.sessionId}`;

/** The session --resume names, when it was started in another directory than `cwd`; a fork may go on anywhere. */
export function resumedElsewhere(args: CliArgs, sessionsDir: string, cwd: string): ResumeElsewhere | undefined {
  if (args.resume === undefined || args.forkSession) return undefined;
  // An unknown id is reported where the session is opened.
  const summary = findSession(sessionsDir, args.resume, { countMessages: false });
  if (!summary || resolve(summary.cwd) === resolve(cwd)) return undefined;
  return { sessionId: summary.sessionId, dir: summary.cwd, here: cwd };
}

export interface ResumePlaceOptions {
  args: CliArgs;
  sessionsDir: string;
  cwd: string;
  interactive: boolean;
  ask: (question: ResumeElsewhere) => Promise<ResumeDirectoryChoice>;
  /** Moves the process to the session's directory (process.chdir). */
  chdir: (dir: string) => void;
  /** Shows a line once the question is gone (standard error). */
  say?: (line: string) => void;
}

/**
 * Settles where a resumed session runs before anything of the directory is read (configuration, trust): in its own
 * directory (rein moves there), or a new session here; `quit` when the person left. Throws `UsageError` headless.
 */
export async function resumePlace(o: ResumePlaceOptions): Promise<CliArgs | 'quit'> {
  const elsewhere = resumedElsewhere(o.args, o.sessionsDir, o.cwd);
  if (!elsewhere) return o.args;
  const { sessionId, dir } = elsewhere;
  if (!existsSync(dir)) {
    throw new UsageError(`Session ${sessionId} was started in ${dir}, which no longer exists; add --fork-session to continue a copy of it here.`);
  }
  if (!o.interactive) {
    throw new UsageError(`Session ${sessionId} was started in ${dir}; run rein there (${runThereLine(elsewhere)}), or add --fork-session to continue a copy here.`);
  }
  const choice = await o.ask(elsewhere);
  if (choice === 'quit') {
    o.say?.(`To resume session ${sessionId} later: ${runThereLine(elsewhere)}`);
    return 'quit';
  }
  if (choice === 'fresh') return { ...o.args, resume: undefined };
  o.chdir(dir);
  return o.args;
}
