// Opens another saved session of this directory in place (`/resume`): its history, todo list and log replace the
// current ones, and the next request carries its history. MCP servers and background tasks keep running.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { FileState } from '../../tools/fileState.js';
import { repairHistory } from '../historyRepair.js';
import type { SessionCore } from './core.js';
import type { SwitchedSession } from './types.js';

export function switchSession(core: SessionCore, idOrPrefix: string, hooks: { watchLog: () => void; reopenCheckpoints: () => void }): SwitchedSession {
  if (core.gate.running) throw new Error('Wait for the running task to finish (or press Esc) before switching sessions.');
  const store = core.o.sessions;
  const summary = store?.find(idOrPrefix);
  if (!store || !summary) throw new Error(`No saved session matches "${idOrPrefix}"; /resume lists them.`);
  const current = core.info.sessionId;
  if (summary.sessionId === current) throw new Error(`Session ${current} is the one already open.`);
  // Everything that can fail comes first, so a log that cannot be read leaves the current session as it was.
  const loaded = store.load(summary.file);
  const nextLog = core.log ? store.reopen(summary.file) : undefined;
  // SessionEnd "resume" for the session being left (its id and log), SessionStart "resume" with the next message.
  core.hooks?.switched();
  core.log?.close();
  core.log = nextLog;
  hooks.watchLog();
  const sessionId = loaded.sessionId;
  core.info.sessionId = sessionId;
  core.state.sessionDir = join(core.o.sessionsDir, sessionId);
  mkdirSync(core.state.sessionDir, { recursive: true });
  core.history.load(repairHistory(loaded.history));
  core.state.todos = [...loaded.todos];
  // Files read in the other conversation were not read in this one: edits need a fresh read.
  core.state.files = new FileState();
  core.rules.clearSession();
  core.reminders.reset();
  core.context.reset();
  core.context.anchorResumed(core.system, core.toolSchemas, core.history.messages);
  hooks.reopenCheckpoints();
  core.atTurnLimit = false;
  core.clearAfterRun = false;
  core.resumed = true;
  // The next run announces itself in the log it now writes to.
  core.announced = false;
  return { sessionId, events: loaded.events, ...(loaded.earlier ? { earlier: loaded.earlier } : {}), warnings: loaded.warnings };
}
