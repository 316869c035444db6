// Temp folders and small record builders shared by the session log tests.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AgentEvent } from '../../source/protocol/events.js';
import { SessionLog } from '../../source/sessionLog/sessionLog.js';

export function makeTempDir(): { dir: string; cleanup: () => void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rein-session-'));
  return { dir, cleanup: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

export function meta(sessionId: string, cwd = '/work/project') {
  return { sessionId, cwd, provider: 'anthropic', model: 'claude-test', startedAt: '2026-11-30T08:15:00.000Z' };
}

export const warning = (message: string): AgentEvent => ({ type: 'warning', message });

export const runStart = (sessionId: string, runId: string, prompt: string): AgentEvent => ({ type: 'run_start', sessionId, runId, prompt });

/** A session with one prompt per entry of `prompts`. */
export function writeSession(sessionsDir: string, sessionId: string, cwd: string, prompts: string[]): SessionLog {
  const log = SessionLog.create({ sessionsDir, meta: meta(sessionId, cwd) });
  log.append({ kind: 'event', event: { type: 'session_start', sessionId, cwd, provider: 'anthropic', model: 'claude-test', mode: 'ask', resumed: false } });
  prompts.forEach((prompt, i) => {
    log.append({ kind: 'event', event: runStart(sessionId, `run_${i}`, prompt) });
    log.append({ kind: 'history', op: 'append_text', text: prompt });
    log.append({ kind: 'history', op: 'append', message: { role: 'assistant', content: [{ type: 'text', text: `answer ${i}` }] } });
  });
  return log;
}
