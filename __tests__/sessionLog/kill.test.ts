// A real kill -9 while a child process appends records loses at most the line being written.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { execa } from 'execa';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadSession } from '../../source/sessionLog/loadSession.js';
import { makeTempDir, readLines } from './helpers.js';

const root = path.resolve(import.meta.dirname, '../..');
// tsx's loader in the same node process: its CLI would run the script in a grandchild the kill would miss.
const tsxLoader = pathToFileURL(path.join(root, 'node_modules/tsx/dist/loader.mjs')).href;
const moduleUrl = pathToFileURL(path.join(root, 'source/sessionLog/sessionLog.ts')).href;
const id = '20261130-081500-ab12cd';

// Appends an event and a history message per step, reporting progress; stops after a bound so a slow kill cannot fill the disk.
const childScript = `
import { SessionLog } from ${JSON.stringify(moduleUrl)};
const [sessionsDir, sessionId] = process.argv.slice(2);
const log = SessionLog.create({ sessionsDir, meta: { sessionId, cwd: '/w', provider: 'openai', model: 'm', startedAt: '2026-11-30T08:15:00.000Z' } });
const pad = 'x'.repeat(3000);
for (let i = 0; i < 20000; i++) {
  log.append({ kind: 'event', event: { type: 'warning', message: 'seq ' + i + ' ' + pad } });
  log.append({ kind: 'history', op: 'append', message: { role: i % 2 ? 'assistant' : 'user', content: [{ type: 'text', text: 'm ' + i }] } });
  if (i % 50 === 0) process.stdout.write(i + '\\n');
}
process.stdout.write('finished\\n');
setInterval(() => {}, 1000);
`;

let tmp: ReturnType<typeof makeTempDir>;
beforeEach(() => (tmp = makeTempDir()));
afterEach(() => tmp.cleanup());

describe('session log under SIGKILL', () => {
  it('keeps every complete record and loses at most the last line', async () => {
    const script = path.join(tmp.dir, 'writer.mts');
    fs.writeFileSync(script, childScript);
    const sessionsDir = path.join(tmp.dir, 'sessions');
    const child = execa(process.execPath, ['--import', tsxLoader, script, sessionsDir, id], { cwd: root, reject: false, stdin: 'ignore' });

    // Kill as soon as the child reports 200 steps written, while it is still appending.
    let reported = -1;
    await new Promise<void>((resolve, reject) => {
      let buffered = '';
      child.stdout?.on('data', (chunk: Buffer) => {
        buffered += chunk.toString();
        const numbers = buffered.split('\n').map(Number).filter((n) => Number.isInteger(n) && n > 0);
        if (numbers.length > 0 && Math.max(...numbers) >= 200) {
          reported = Math.max(...numbers);
          child.kill('SIGKILL');
          resolve();
        }
      });
      child.once('exit', () => reject(new Error(`the writer exited before it was killed: ${buffered.slice(-200)}`)));
    });
    const result = await child;
    expect(result.signal).toBe('SIGKILL');

    const file = path.join(sessionsDir, id, 'log.jsonl');
    const loaded = loadSession(file, { maxEvents: Number.POSITIVE_INFINITY });
    const seqs = loaded.events.map((e) => (e.type === 'warning' ? Number(e.message.split(' ')[1]) : -1));
    const texts = loaded.history.map((m) => (m.content[0]?.type === 'text' ? m.content[0].text : ''));

    // Everything reported as written before the kill is there, in order, with no gaps.
    expect(seqs.length).toBeGreaterThan(reported);
    expect(seqs).toEqual(seqs.map((_, i) => i));
    expect(texts).toEqual(texts.map((_, i) => `m ${i}`));
    // Each step writes the event first, so the history trails the events by at most one record.
    expect(seqs.length - texts.length).toBeGreaterThanOrEqual(0);
    expect(seqs.length - texts.length).toBeLessThanOrEqual(1);

    // Only the final line may be incomplete, and then the loader says so.
    const lines = [...readLines(file)];
    const complete = lines.filter((l) => l.terminated);
    expect(lines.length - complete.length).toBeLessThanOrEqual(1);
    expect(complete.length).toBe(1 + seqs.length + texts.length);
    const cutOff = lines.length > complete.length;
    expect(loaded.warnings).toEqual(cutOff ? [`The last line of ${file} was cut off (the session ended abruptly); it was skipped.`] : []);
  });
});
