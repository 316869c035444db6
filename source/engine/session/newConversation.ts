// `/clear`: a new conversation is a new session, with its own id and log; the old log is left as it was, so /resume and
// --resume can still open it. Background tasks and MCP servers keep running.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { newSessionId } from '../../protocol/ids.js';
import type { SessionCore } from './core.js';

export function startNewConversation(core: SessionCore, hooks: { watchLog: () => void; reopenCheckpoints: () => void }): void {
  core.clearAfterRun = false;
  core.atTurnLimit = false;
  // SessionEnd "clear" names the session being left; SessionStart "clear" comes with the next message, under the new id.
  core.hooks?.cleared();
  const sessionId = newSessionId();
  const { info, state } = core;
  // A session kept on disk goes on being kept; one running in memory (no log) stays so.
  const created = core.log && core.o.sessions ? core.o.sessions.create({ sessionId, provider: info.provider, model: info.model }) : {};
  core.log?.close();
  core.log = created.log;
  hooks.watchLog();
  info.sessionId = sessionId;
  state.sessionDir = join(core.o.sessionsDir, sessionId);
  try {
    mkdirSync(state.sessionDir, { recursive: true });
  } catch {
    // The folder cannot be written: the warning below (or the one at start) said so already.
  }
  state.todos = [];
  // Loaded, not replaced: nothing is written, the old log keeps its conversation and the new one starts empty.
  core.history.load([]);
  core.rules.clearSession();
  core.reminders.reset();
  core.context.reset();
  hooks.reopenCheckpoints();
  core.resumed = false;
  // The next run announces itself in the new log.
  core.announced = false;
  core.emit({ type: 'conversation_cleared', sessionId });
  if (created.warning) core.emit({ type: 'warning', message: created.warning });
}
