// A real kill -9 while a compaction's `replace` record is being written: resume falls back to the history before it.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { execa } from 'execa';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadSession } from '../../source/sessionLog/loadSession.js';
import { SessionLog } from '../../source/sessionLog/sessionLog.js';
import { makeTempDir } from './helpers.js';

const root = path.resolve(import.meta.dirname, '../..');
const tsxLoader = pathToFileURL(path.join(root, 'node_modules/tsx/dist/loader.mjs')).href;
const moduleUrl = pathToFileURL(path.join(root, 'source/sessionLog/sessionLog.ts')).href;
const id = '20261130-081500-cd34ef';

// Writes 20 messages through SessionLog, then a large `replace` through the same SessionLog.append, with the
// file system's append slowed to small chunks so the kill lands inside that one record.
const childScript = `
import fs from 'node:fs';
import { SessionLog } from ${JSON.stringify(moduleUrl)};
const [sessionsDir, sessionId] = process.argv.slice(2);
const log = SessionLog.create({ sessionsDir, meta: { sessionId, cwd: '/w', provider: 'openai', model: 'm', startedAt: '2026-11-30T08:15:00.000Z' } });
for (let i = 0; i < 20; i++) {
  log.append({ kind: 'history', op: 'append', message: { role: i % 2 ? 'assistant' : 'user', content: [{ type: 'text', text: 'm ' + i }] } });
}
const pause = new Int32Array(new SharedArrayBuffer(4));
fs.appendFileSync = (file, data) => {
  const bytes = Buffer.from(String(data));
  const fd = fs.openSync(file, 'a');
  try {
    for (let at = 0; at < bytes.length; at += 16384) {
      fs.writeSync(fd, bytes.subarray(at, at + 16384));
      Atomics.wait(pause, 0, 0, 20);
    }
  } finally {
    fs.closeSync(fd);
  }
};
process.stdout.write('before ' + fs.statSync(log.file).size + '\\n');
const summary = 'summary '.repeat(250000);
log.append({ kind: 'history', op: 'replace', messages: [{ role: 'user', content: [{ type: 'text', text: summary }] }] });
log.append({ kind: 'state', todos: [] });
process.stdout.write('finished\\n');
`;

let tmp: ReturnType<typeof makeTempDir>;
beforeEach(() => (tmp = makeTempDir()));
afterEach(() => tmp.cleanup());

const texts = (history: ReturnType<typeof loadSession>['history']) =>
  history.map((m) => (m.content[0]?.type === 'text' ? m.content[0].text : ''));

describe('session log under SIGKILL during a history rewrite', () => {
  it('resumes with the history before a replace record cut off by kill -9', async () => {
    const script = path.join(tmp.dir, 'replacer.mts');
    fs.writeFileSync(script, childScript);
    const sessionsDir = path.join(tmp.dir, 'sessions');
    const file = path.join(sessionsDir, id, 'log.jsonl');
    const child = execa(process.execPath, ['--import', tsxLoader, script, sessionsDir, id], { cwd: root, reject: false, stdin: 'ignore' });

    // Wait for the size before the rewrite, then for the file to grow past it, and kill mid-record.
    const before = await new Promise<number>((resolve, reject) => {
      let buffered = '';
      child.stdout?.on('data', (chunk: Buffer) => {
        buffered += chunk.toString();
        const match = /before (\d+)\n/.exec(buffered);
        if (match) resolve(Number(match[1]));
      });
      child.once('exit', () => reject(new Error(`the writer exited early: ${buffered.slice(-200)}`)));
    });
    await vi.waitFor(() => {
      if (fs.statSync(file).size <= before) throw new Error('the replace record never started');
    }, { timeout: 20_000, interval: 2 });
    child.kill('SIGKILL');
    const result = await child;
    expect(result.signal).toBe('SIGKILL');
    expect(result.stdout).not.toContain('finished');

    const content = fs.readFileSync(file, 'utf8');
    expect(content.length).toBeGreaterThan(before);
    expect(content.endsWith('\n')).toBe(false);
    expect(content.slice(before)).toMatch(/^\{"kind":"history","op":"replace"/);

    const loaded = loadSession(file);
    expect(texts(loaded.history)).toEqual(Array.from({ length: 20 }, (_, i) => `m ${i}`));
    expect(loaded.warnings).toEqual([`The last line of ${file} was cut off (the session ended abruptly); it was skipped.`]);

    // Resumed and continued: the torn rewrite is now in the middle, and still never wipes what came before it.
    const again = SessionLog.reopen(file);
    again.append({ kind: 'history', op: 'append', message: { role: 'user', content: [{ type: 'text', text: 'm 20' }] } });
    again.close();
    const resumed = loadSession(file);
    expect(texts(resumed.history)).toEqual(Array.from({ length: 21 }, (_, i) => `m ${i}`));
    expect(resumed.warnings).toHaveLength(1);
    expect(resumed.warnings[0]).toMatch(/^Line 22 of .* could not be read; it was skipped\.$/);
  });
});
