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

/** One line of a file as readLines gives it. */
export interface FileLine {
  /** 1-based line number. */
  number: number;
  text: string;
  /** False only for a last line with no newline after it (a write cut off mid-way, or a clean end without one). */
  terminated: boolean;
}

/** Every line of a file, in order: the reference the live readers in source/sessionLog/lines.ts are checked against. */
export function* readLines(file: string, chunkSize = 1 << 20): Generator<FileLine> {
  const fd = fs.openSync(file, 'r');
  try {
    const chunk = Buffer.alloc(chunkSize);
    let pending: Buffer[] = [];
    let number = 0;
    for (;;) {
      const read = fs.readSync(fd, chunk, 0, chunkSize, null);
      if (read === 0) break;
      let start = 0;
      for (let end = chunk.indexOf(0x0a, 0); end !== -1 && end < read; end = chunk.indexOf(0x0a, start)) {
        pending.push(chunk.subarray(start, end));
        number += 1;
        yield { number, text: Buffer.concat(pending).toString('utf8'), terminated: true };
        pending = [];
        start = end + 1;
      }
      // The chunk buffer is reused, so keep a copy of the unfinished tail.
      if (start < read) pending.push(Buffer.from(chunk.subarray(start, read)));
    }
    if (pending.length > 0) yield { number: number + 1, text: Buffer.concat(pending).toString('utf8'), terminated: false };
  } finally {
    fs.closeSync(fd);
  }
}
