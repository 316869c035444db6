// /rewind on the engine: checkpoints in a shadow repository (or file copies outside git), restoring code and conversation.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execa } from 'execa';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { assembleSession } from '../../source/cli/assembleSession.js';
import { loadSession } from '../../source/sessionLog/loadSession.js';
import { SessionLog } from '../../source/sessionLog/sessionLog.js';
import type { ScriptedTurn } from '../../source/providers/scripted.js';
import { makeHarness, runPrompt, userTexts, type Harness } from '../support/engineHarness.js';

const sessionId = '20261201-000000-abcdef';
const settings = { enabled: true, maxFileBytes: 1000, keepDays: 30 };
let h: Harness | undefined;
const dirs: string[] = [];
afterEach(async () => {
  await h?.cleanup();
  h = undefined;
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

async function gitWorkspace(): Promise<string> {
  const ws = mkdtempSync(join(tmpdir(), 'rein-rewind-'));
  dirs.push(ws);
  await execa('git', ['init', '-q'], { cwd: ws });
  writeFileSync(join(ws, 'a.txt'), 'one\ntwo\nthree\n');
  writeFileSync(join(ws, '.gitignore'), 'ignored.log\n');
  writeFileSync(join(ws, 'ignored.log'), 'noise\n');
  await execa('git', ['add', '.'], { cwd: ws });
  await execa('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', '-c', 'commit.gpgSign=false', 'commit', '-qm', 'start'], { cwd: ws });
  // Something staged but not committed: the user's index must keep it exactly.
  writeFileSync(join(ws, 'staged.txt'), 'staged\n');
  await execa('git', ['add', 'staged.txt'], { cwd: ws });
  return ws;
}

function plainWorkspace(): string {
  const ws = mkdtempSync(join(tmpdir(), 'rein-rewind-plain-'));
  dirs.push(ws);
  writeFileSync(join(ws, 'a.txt'), 'one\ntwo\nthree\n');
  return ws;
}

/** First message: edits a.txt, writes b.txt, and a command creates made.txt. Second message: writes c.txt. */
const changesScript = (withBash = true): ScriptedTurn[] => [
  { toolCalls: [{ name: 'read_file', input: { path: 'a.txt' } }] },
  {
    toolCalls: [
      { name: 'edit_file', input: { path: 'a.txt', old_string: 'two', new_string: 'TWO\nextra' } },
      { name: 'write_file', input: { path: 'b.txt', content: 'new file\n' } },
      ...(withBash ? [{ name: 'bash', input: { command: 'echo made > made.txt' } }] : []),
    ],
  },
  { text: 'first done' },
  { toolCalls: [{ name: 'write_file', input: { path: 'c.txt', content: 'second\n' } }] },
  { text: 'second done' },
  { text: 'after the rewind' },
];

function setUp(ws: string, script: ScriptedTurn[]) {
  const home = mkdtempSync(join(tmpdir(), 'rein-rewind-home-'));
  dirs.push(home);
  const sessionsDir = join(home, 'sessions');
  const log = SessionLog.create({ sessionsDir, meta: { sessionId, cwd: ws, provider: 'scripted', model: 'test-model', startedAt: '2026-12-01T00:00:00.000Z' } });
  h = makeHarness(script, { cwd: ws, workspace: ws, sessionsDir, sessionId, log, checkpoints: { settings, reinHome: home }, now: () => new Date('2026-12-01T00:00:00.000Z') });
  return { session: h.session, home, sessionsDir, log };
}

const read = (ws: string, file: string) => readFileSync(join(ws, file), 'utf8');

async function userGitState(ws: string) {
  return { index: readFileSync(join(ws, '.git', 'index')).toString('hex'), head: (await execa('git', ['rev-parse', 'HEAD'], { cwd: ws })).stdout };
}

describe('rewind in a git repository', () => {
  it('"code only" undoes an edit, a write and a file a command made; the conversation stays', async () => {
    const ws = await gitWorkspace();
    const before = await userGitState(ws);
    const { session } = setUp(ws, changesScript());
    await runPrompt(session, 'make changes');
    await runPrompt(session, 'one more');
    expect(read(ws, 'a.txt')).toContain('TWO');
    expect(existsSync(join(ws, 'made.txt'))).toBe(true);

    const points = await session.conversation.rewindPoints!();
    expect(points.map((p) => p.text)).toEqual(['make changes', 'one more']);
    expect(points[0].filesChanged).toEqual(['a.txt', 'b.txt', 'c.txt', 'made.txt']);
    expect(points[1].filesChanged).toEqual(['c.txt']);

    const preview = await session.conversation.previewRewind!(points[0].id);
    expect(preview.files).toEqual([
      { path: 'a.txt', change: 'modified', added: 2, removed: 1 },
      { path: 'b.txt', change: 'created', added: 1, removed: 0 },
      { path: 'c.txt', change: 'created', added: 1, removed: 0 },
      { path: 'made.txt', change: 'created', added: 1, removed: 0 },
    ]);
    expect(preview.handEdited).toEqual([]);

    const historyLength = session.conversation.history().length;
    const outcome = await session.conversation.rewind!(points[0].id, 'code');
    expect(outcome.text).toBeUndefined();
    expect(read(ws, 'a.txt')).toBe('one\ntwo\nthree\n');
    for (const gone of ['b.txt', 'c.txt', 'made.txt']) expect(existsSync(join(ws, gone))).toBe(false);
    // Ignored files are not the checkpoint's business: left as they were.
    expect(read(ws, 'ignored.log')).toBe('noise\n');
    expect(session.conversation.history().length).toBe(historyLength);
    // The user's repository: the same index byte for byte, the same HEAD.
    expect(await userGitState(ws)).toEqual(before);
  });

  it('"conversation only" leaves the files; the next request carries the earlier history; --resume continues from it', async () => {
    const ws = await gitWorkspace();
    const before = await userGitState(ws);
    const { session, sessionsDir, log } = setUp(ws, changesScript());
    await runPrompt(session, 'make changes');
    await runPrompt(session, 'one more');
    const points = await session.conversation.rewindPoints!();
    const outcome = await session.conversation.rewind!(points[1].id, 'conversation');
    expect(outcome).toEqual({ restored: [], text: 'one more' });
    expect(read(ws, 'c.txt')).toBe('second\n');
    expect((await session.conversation.rewindPoints!()).map((p) => p.text)).toEqual(['make changes']);

    await runPrompt(session, 'instead this');
    const sent = h!.provider.requests[h!.provider.requests.length - 1];
    expect(userTexts(sent)).toContain('make changes');
    expect(userTexts(sent)).toContain('instead this');
    expect(userTexts(sent)).not.toContain('one more');
    expect(h!.invalidRequests).toEqual([]);

    // A resumed session reads the rewound history and the points that are left.
    log.close();
    const loaded = loadSession(log.file);
    expect(loaded.history).toEqual(session.conversation.history());
    const resumed = assembleSession({
      provider: h!.provider, providerName: 'scripted', model: 'test-model', tools: [], cwd: ws, workspace: ws, mode: 'yolo', interactive: true,
      maxTokens: 1000, maxTurns: 5, sessionsDir, sessionId, resume: { history: loaded.history, todos: loaded.todos },
      checkpoints: { settings, reinHome: join(sessionsDir, '..') },
    });
    expect((await resumed.conversation.rewindPoints!()).map((p) => p.text)).toEqual(['make changes', 'instead this']);
    const first = (await resumed.conversation.rewindPoints!())[0];
    await resumed.conversation.rewind!(first.id, 'both');
    expect(read(ws, 'a.txt')).toBe('one\ntwo\nthree\n');
    expect(resumed.conversation.history()).toEqual([]);
    await resumed.close();
    expect(await userGitState(ws)).toEqual(before);
  });

  it('a command in the first reply waits for the snapshot taken while the request went out', async () => {
    const ws = await gitWorkspace();
    // A slow git (a large workspace): the scripted model answers at once, so the command would run while the snapshot
    // is still being taken.
    const bin = mkdtempSync(join(tmpdir(), 'rein-slow-git-'));
    dirs.push(bin);
    const realGit = (await execa('sh', ['-c', 'command -v git'])).stdout.trim();
    writeFileSync(join(bin, 'git'), `#!/bin/sh\ncase "$*" in *ls-files*) sleep 0.5;; esac\nexec ${realGit} "$@"\n`, { mode: 0o755 });
    const path = process.env.PATH;
    process.env.PATH = `${bin}:${path}`;
    const { session, log } = setUp(ws, [{ toolCalls: [{ name: 'bash', input: { command: 'echo early > early.txt && echo changed > a.txt' } }] }, { text: 'done' }]);
    try {
      await runPrompt(session, 'go');
    } finally {
      process.env.PATH = path;
    }
    expect(read(ws, 'early.txt')).toBe('early\n');
    const [point] = await session.conversation.rewindPoints!();
    expect(point.filesChanged).toEqual(['a.txt', 'early.txt']);
    await session.conversation.rewind!(point.id, 'code');
    expect(existsSync(join(ws, 'early.txt'))).toBe(false);
    expect(read(ws, 'a.txt')).toBe('one\ntwo\nthree\n');
    // The point's record, with its commit, reached the log before the run ended.
    const records = readFileSync(log.file, 'utf8').split('\n').filter((l) => l.startsWith('{"kind":"checkpoint","point"'));
    expect(records.map((l) => (JSON.parse(l) as { point: { commit?: string } }).point.commit)).toEqual([expect.stringMatching(/^[0-9a-f]{40}$/)]);
  });

  it('leaves out what .git/info/exclude ignores', async () => {
    const ws = await gitWorkspace();
    writeFileSync(join(ws, '.git', 'info', 'exclude'), 'local-only/\n');
    const script: ScriptedTurn[] = [{ toolCalls: [{ name: 'bash', input: { command: 'mkdir local-only && echo x > local-only/cache && echo y > kept.txt' } }] }, { text: 'ok' }];
    const { session } = setUp(ws, script);
    await runPrompt(session, 'make files');
    const [point] = await session.conversation.rewindPoints!();
    expect(point.filesChanged).toEqual(['kept.txt']);
    await session.conversation.rewind!(point.id, 'code');
    expect(existsSync(join(ws, 'kept.txt'))).toBe(false);
    expect(read(ws, 'local-only/cache')).toBe('x\n');
  });

  it('names a file changed by hand after the last snapshot before overwriting it', async () => {
    const ws = await gitWorkspace();
    const { session } = setUp(ws, changesScript(false));
    await runPrompt(session, 'make changes');
    writeFileSync(join(ws, 'b.txt'), 'edited by hand\n');
    const [point] = await session.conversation.rewindPoints!();
    const preview = await session.conversation.previewRewind!(point.id);
    expect(preview.handEdited).toEqual(['b.txt']);
    expect(preview.files.map((f) => f.path)).toEqual(['a.txt', 'b.txt']);
  });

  it('notes a file over maxFileBytes instead of storing it', async () => {
    const ws = await gitWorkspace();
    const script: ScriptedTurn[] = [{ toolCalls: [{ name: 'bash', input: { command: 'head -c 5000 /dev/zero | tr "\\0" x > big.bin' } }] }, { text: 'ok' }];
    const { session } = setUp(ws, script);
    await runPrompt(session, 'make a big file');
    const [point] = await session.conversation.rewindPoints!();
    const preview = await session.conversation.previewRewind!(point.id);
    expect(preview.notStored).toEqual(['big.bin']);
    expect(preview.files).toEqual([]);
    await session.conversation.rewind!(point.id, 'code');
    expect(existsSync(join(ws, 'big.bin'))).toBe(true);
  });
});

describe('rewind while a run is active', () => {
  it('is refused in one sentence, and nothing changes', async () => {
    const ws = await gitWorkspace();
    const { session } = setUp(ws, [{ text: 'first done' }, { text: 'thinking', hang: true }]);
    await runPrompt(session, 'first');
    const seen: string[] = [];
    const off = session.runs.subscribe((event) => seen.push(event.type));
    const run = session.runs.prompt('second');
    await vi.waitFor(() => expect(seen).toContain('text_delta'));
    await expect(session.conversation.rewindPoints!()).rejects.toThrow('Wait for the running task to finish (or press Esc) before rewinding.');
    await expect(session.conversation.rewind!('any-point', 'both')).rejects.toThrow(/before rewinding/);
    session.runs.abort();
    await run;
    off();
    expect((await session.conversation.rewindPoints!()).map((p) => p.text)).toEqual(['first', 'second']);
  });
});

describe('rewind outside git', () => {
  it('copies the files the file tools change and puts them back', async () => {
    const ws = plainWorkspace();
    const { session, sessionsDir } = setUp(ws, changesScript(false));
    await runPrompt(session, 'make changes');
    await runPrompt(session, 'one more');
    const points = await session.conversation.rewindPoints!();
    expect(points[0].filesChanged).toEqual(['a.txt', 'b.txt', 'c.txt']);
    writeFileSync(join(ws, 'c.txt'), 'hand\n');
    const preview = await session.conversation.previewRewind!(points[0].id);
    expect(preview.files).toEqual([
      { path: 'a.txt', change: 'modified', added: 2, removed: 1 },
      { path: 'b.txt', change: 'created', added: 1, removed: 0 },
      { path: 'c.txt', change: 'created', added: 1, removed: 0 },
    ]);
    expect(preview.handEdited).toEqual(['c.txt']);
    const outcome = await session.conversation.rewind!(points[0].id, 'both');
    expect(outcome.text).toBe('make changes');
    expect(read(ws, 'a.txt')).toBe('one\ntwo\nthree\n');
    expect(existsSync(join(ws, 'b.txt'))).toBe(false);
    expect(existsSync(join(ws, 'c.txt'))).toBe(false);
    expect(session.conversation.history()).toEqual([]);
    expect(existsSync(join(sessionsDir, sessionId, 'checkpoints'))).toBe(true);
  });

  it('notes a file over maxFileBytes instead of copying it', async () => {
    const ws = plainWorkspace();
    mkdirSync(join(ws, 'data'));
    writeFileSync(join(ws, 'data', 'big.txt'), 'x'.repeat(5000));
    const script: ScriptedTurn[] = [
      { toolCalls: [{ name: 'read_file', input: { path: 'data/big.txt' } }] },
      { toolCalls: [{ name: 'write_file', input: { path: 'data/big.txt', content: 'small now\n' } }] },
      { text: 'ok' },
    ];
    const { session } = setUp(ws, script);
    await runPrompt(session, 'shrink it');
    const [point] = await session.conversation.rewindPoints!();
    const preview = await session.conversation.previewRewind!(point.id);
    expect(preview.notStored).toEqual(['data/big.txt']);
    expect(preview.files).toEqual([]);
  });
});
