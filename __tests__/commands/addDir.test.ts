// /add-dir on a real session: the file tools refuse a folder outside the workspace until it is added, the model hears
// of it in a reminder (the system prompt stays byte-stable), DirectoryAdded hooks run, and bad paths get one sentence.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { builtinCommands } from '../../source/commands/builtins.js';
import { runHeadlessCommand } from '../../source/headless/builtinCommand.js';
import { findBwrap } from '../../source/permissions/sandbox.js';
import { capture, hookDir, makeHooks, on, type HookDir } from '../extensions/hookHelpers.js';
import { lastToolResults, makeHarness, runPrompt, userTexts, type Harness } from '../support/engineHarness.js';

let h: Harness | undefined;
let d: HookDir | undefined;
let outside: string;
afterEach(async () => {
  await h?.cleanup();
  h = undefined;
  d?.cleanup();
  d = undefined;
  rmSync(outside, { recursive: true, force: true });
});

const command = async (text: string) => {
  const outcome = await runHeadlessCommand(text, h!.session, builtinCommands());
  if (outcome?.kind !== 'answered') throw new Error(`${text} was not answered`);
  return outcome;
};

describe('/add-dir', () => {
  it('lets read_file open a file in the added folder, which it refused before, and tells the model in a reminder', async () => {
    outside = mkdtempSync(join(tmpdir(), 'rein-added-'));
    writeFileSync(join(outside, 'notes.txt'), 'kept outside the workspace\n');
    d = hookDir();
    const { hooks } = makeHooks(d, on('DirectoryAdded', capture(d, 'DirectoryAdded')));
    const read = { toolCalls: [{ name: 'read_file', input: { path: join(outside, 'notes.txt') } }] };
    h = makeHarness([read, { text: 'refused' }, read, { text: 'read it' }], { hooks });
    await runPrompt(h.session, 'read it');
    const added = await command(`/add-dir ${outside}`);
    expect(added).toMatchObject({ exitCode: 0 });
    expect(added.output).toBe(`Added ${outside}: the file tools may read and write there for the rest of this session.`);
    await runPrompt(h.session, 'read it now');
    const [, refused, first, allowed] = h.provider.requests;
    expect(lastToolResults(refused)[0]).toContain('outside the workspace');
    expect(lastToolResults(allowed)[0]).toContain('kept outside the workspace');
    // A reminder in the newest turn, not a rewritten system prompt: the cached prefix stays the same.
    expect(userTexts(first).at(-1)).toContain(`may now read and write, like the workspace: ${outside}`);
    expect(first.system).toBe(refused.system);
    // Said once, not before every request.
    expect(userTexts(allowed).filter((t) => t.includes(outside))).toHaveLength(1);
    await h.session.close();
    expect(d.inputs('DirectoryAdded')).toEqual([expect.objectContaining({ hook_event_name: 'DirectoryAdded', directory: outside, source: 'slash_command' })]);
  });

  it('resolves a relative path, says when a folder is usable already, and tells the next conversation after /clear', async () => {
    outside = mkdtempSync(join(tmpdir(), 'rein-added-'));
    mkdirSync(join(outside, 'sub'));
    h = makeHarness([{ text: 'one' }, { text: 'two' }], { cwd: join(outside, 'sub') });
    expect((await command('/add-dir ..')).output).toBe(`Added ${outside}: the file tools may read and write there for the rest of this session.`);
    expect((await command(`/add-dir ${join(outside, 'sub')}`)).output).toBe(`${join(outside, 'sub')} is usable already (added as ${outside}).`);
    expect((await command(`/add-dir ${h.workspace}`)).output).toBe(`${h.workspace} is inside the workspace already; the file tools can use it.`);
    await runPrompt(h.session, 'hello');
    h.session.conversation.clear();
    await runPrompt(h.session, 'hello again');
    const [before, after] = h.provider.requests;
    expect(userTexts(before).join('\n')).toContain(`like the workspace: ${outside}`);
    expect(userTexts(after).join('\n')).toContain(`like the workspace: ${outside}`);
  });

  it('answers a missing path, a file and no path at all with one sentence each and adds nothing', async () => {
    outside = mkdtempSync(join(tmpdir(), 'rein-added-'));
    writeFileSync(join(outside, 'file.txt'), 'x');
    h = makeHarness([{ toolCalls: [{ name: 'read_file', input: { path: join(outside, 'file.txt') } }] }, { text: 'done' }]);
    expect(await command(`/add-dir ${join(outside, 'missing')}`)).toMatchObject({ exitCode: 1, error: `${join(outside, 'missing')} does not exist; check the path.` });
    expect(await command(`/add-dir ${join(outside, 'file.txt')}`)).toMatchObject({ exitCode: 1, error: `${join(outside, 'file.txt')} is a file, not a folder; give the folder that holds it.` });
    expect((await command('/add-dir')).error).toMatch(/^Usage: \/add-dir <path>/);
    await runPrompt(h.session, 'read');
    expect(lastToolResults(h.provider.requests[1])[0]).toContain('outside the workspace');
  });

  const bwrap = findBwrap();
  it.runIf(bwrap !== undefined)('lets a sandboxed command write in the added folder, which the sandbox stopped before', async () => {
    // Outside /tmp, which the sandbox replaces with a private one.
    outside = mkdtempSync(join(homedir(), '.rein-added-probe-'));
    const target = join(outside, 'made.txt');
    const write = { toolCalls: [{ name: 'bash', input: { command: `echo made > ${target}` } }] };
    h = makeHarness([write, { text: 'stopped' }, write, { text: 'written' }], { mode: 'ask', sandbox: { bwrap: bwrap!, network: false, protectedFiles: [] } });
    const asked: string[] = [];
    // Stopped by the sandbox, the command asks to run outside it: declined.
    await runPrompt(h.session, 'write', (e) => { asked.push(e.name); return { kind: 'no' }; });
    expect(asked).toEqual(['bash']);
    expect(existsSync(target)).toBe(false);
    expect((await command(`/add-dir ${outside}`)).exitCode).toBe(0);
    await runPrompt(h.session, 'write again', (e) => { asked.push(e.name); return { kind: 'no' }; });
    expect(asked).toEqual(['bash']);
    expect(readFileSync(target, 'utf8')).toBe('made\n');
  });
});
