// Fault suite, the session log on a full disk: one warning, the run goes on in memory, nothing already written
// is damaged, and a log that lost a record mid-line still loads.
import fs from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { join } from 'node:path';
import { assembleSession } from '../../source/cli/assembleSession.js';
import { runHeadless } from '../../source/headless/runHeadless.js';
import { loadSession } from '../../source/sessionLog/loadSession.js';
import { SessionLog } from '../../source/sessionLog/sessionLog.js';
import { builtinTools } from '../../source/tools/builtins.js';
import { startMockLlmServer, type MockLlmServer } from '../support/mockLlmServer.js';
import { expectConsistent, providerFor, removeTempDirs, runCase, tempDir } from './support.js';

let server: MockLlmServer | undefined;
afterEach(async () => {
  vi.restoreAllMocks();
  await server?.close();
  server = undefined;
  removeTempDirs();
});

const enospc = () => Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });

/** Fails every append to a session log after the first `okWrites`, the way a full disk does. */
function fillDiskAfter(okWrites: number, partial = false): { failures: () => number } {
  const real = fs.appendFileSync.bind(fs);
  let writes = 0;
  let failures = 0;
  vi.spyOn(fs, 'appendFileSync').mockImplementation((file, data, options) => {
    if (String(file).endsWith('log.jsonl') && ++writes > okWrites) {
      failures += 1;
      // A write cut off part way leaves half a line behind, as a disk filling mid-write can.
      if (partial && failures === 1) real(file, String(data).slice(0, Math.floor(String(data).length / 2)), options);
      throw enospc();
    }
    return real(file, data, options);
  });
  return { failures: () => failures };
}

describe('session log faults', () => {
  it('a read-only $REIN_HOME: no log and one sentence, and a session without a log still answers', async () => {
    const home = tempDir('rein-fault-rofs-');
    const realMkdir = fs.mkdirSync.bind(fs);
    const readOnly = (target: fs.PathLike) => String(target).startsWith(home);
    vi.spyOn(fs, 'mkdirSync').mockImplementation(((target: fs.PathLike, options?: fs.MakeDirectoryOptions) => {
      if (readOnly(target)) throw Object.assign(new Error(`EROFS: read-only file system, mkdir '${String(target)}'`), { code: 'EROFS' });
      return realMkdir(target, options);
    }) as typeof fs.mkdirSync);
    const sessionsDir = join(home, 'sessions');
    const opened = SessionLog.createOrWarn({ sessionsDir, lazy: true, meta: { sessionId: 'ro', cwd: home, provider: 'openai', model: 'm', startedAt: '2026-12-01T00:00:00.000Z' } });
    expect(opened.log).toBeUndefined();
    expect(opened.warning).toMatch(/^Could not create the session log .*EROFS.*This session runs in memory only and cannot be resumed\.$/);
    server = await startMockLlmServer({ apiKey: 'sk-test', turns: [{ text: 'answered in memory' }] });
    const session = assembleSession({
      provider: providerFor('openai', server), providerName: 'openai', model: 'm', tools: builtinTools, cwd: home, workspace: home,
      mode: 'yolo', interactive: false, maxTokens: 100, maxTurns: 5, sessionsDir, sessionId: 'ro', startupWarnings: [opened.warning!],
    });
    let stdout = '';
    let stderr = '';
    const code = await runHeadless({ session, prompt: 'hello', format: 'text', stdout: { write: (t: string) => (stdout += t) }, stderr: { write: (t: string) => (stderr += t) } });
    expect(code).toBe(0);
    expect(stdout).toBe('answered in memory\n');
    expect(stderr).toBe(`rein: ${opened.warning}\n`);
  });


  it('disk full while writing the log: one warning, the answer anyway, the written part intact', async () => {
    server = await startMockLlmServer({ apiKey: 'sk-test', turns: [{ toolCalls: [{ name: 'glob', input: { pattern: '*' } }] }, { text: 'finished in memory' }] });
    const disk = fillDiskAfter(3);
    const outcome = await runCase('openai', server, 'look');
    expect(disk.failures()).toBeGreaterThan(1);
    expect(outcome.code).toBe(0);
    expect(outcome.stdout).toBe('finished in memory\n');
    const lines = outcome.stderr.split('\n').filter(Boolean);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^rein: The session log could not be written \(.*ENOSPC.*\); this session may not be resumable\.$/);
    // What reached the disk before it filled still loads: the start of the conversation, no broken line.
    const saved = loadSession(outcome.logFile);
    expect(saved.warnings).toEqual([]);
    expect(saved.history[0]?.content[0]).toEqual({ type: 'text', text: 'look' });
    expect(saved.history.length).toBeLessThanOrEqual(outcome.session.conversation.history().length);
  });

  it('a record cut off mid-line by a full disk: later records start on a fresh line and the log loads', async () => {
    server = await startMockLlmServer({ apiKey: 'sk-test', turns: [{ toolCalls: [{ name: 'glob', input: { pattern: '*' } }] }, { text: 'done' }] });
    const real = fs.appendFileSync.bind(fs);
    let writes = 0;
    vi.spyOn(fs, 'appendFileSync').mockImplementation((file, data, options) => {
      // The fourth record is half written, then the disk has room again.
      if (String(file).endsWith('log.jsonl') && ++writes === 4) {
        real(file, String(data).slice(0, 20), options);
        throw enospc();
      }
      return real(file, data, options);
    });
    const outcome = await runCase('openai', server, 'look');
    expect(outcome.code).toBe(0);
    const saved = loadSession(outcome.logFile);
    // One broken line skipped with a sentence; every other record is there.
    expect(saved.warnings).toHaveLength(1);
    expect(saved.warnings[0]).toMatch(/line \d+/i);
    expect(saved.history.length).toBeGreaterThanOrEqual(outcome.session.conversation.history().length - 1);
    expect(fs.readFileSync(outcome.logFile, 'utf8').split('\n').filter(Boolean).length).toBeGreaterThan(4);
  });

  it('the log already written survives the failure byte for byte', async () => {
    server = await startMockLlmServer({ apiKey: 'sk-test', turns: [{ text: 'first answer' }, { text: 'second answer' }] });
    const outcome = await runCase('openai', server, 'first');
    expectConsistent(outcome, server);
    const before = fs.readFileSync(outcome.logFile);
    // Later writes fail part way: the bytes already there stay exactly as they were.
    fillDiskAfter(0, true);
    const log = SessionLog.reopen(outcome.logFile);
    log.onError = () => {};
    log.append({ kind: 'history', op: 'append_text', text: 'never fully saved' });
    vi.restoreAllMocks();
    const after = fs.readFileSync(outcome.logFile);
    expect(after.subarray(0, before.length).equals(before)).toBe(true);
    expect(loadSession(outcome.logFile).history).toEqual(outcome.session.conversation.history());
  });
});
