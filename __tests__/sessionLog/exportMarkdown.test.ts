// A session as Markdown: /export in the TUI and `rein sessions export <id> --format md` give the user's messages,
// the answers, tool calls as short blocks and file changes as diff blocks.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { execa } from 'execa';
import { afterEach, describe, expect, it } from 'vitest';
import { slashCommands } from '../../source/commands/builtins.js';
import { SessionLog } from '../../source/sessionLog/sessionLog.js';
import { createBridge } from '../../source/store/bridge.js';
import { makeHarness, type Harness } from '../support/engineHarness.js';

let h: Harness | undefined;
const dirs: string[] = [];
afterEach(async () => {
  await h?.cleanup();
  h = undefined;
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const sessionId = '20261201-120000-cafe01';

/** A session with a real log under its own REIN_HOME, on a script that reads, edits and runs a command. */
function harnessWithLog() {
  const home = mkdtempSync(join(tmpdir(), 'rein-export-home-'));
  dirs.push(home);
  const sessionsDir = join(home, 'sessions');
  const log = SessionLog.create({ sessionsDir, meta: { sessionId, cwd: home, provider: 'scripted', model: 'test-model', startedAt: '2026-12-01T12:00:00.000Z' } });
  h = makeHarness([
    { toolCalls: [{ name: 'read_file', input: { path: 'math.js' } }] },
    { toolCalls: [{ name: 'edit_file', input: { path: 'math.js', old_string: 'a - b', new_string: 'a + b' } }] },
    { toolCalls: [{ name: 'bash', input: { command: "printf '%s\\n' '``` tests pass'" } }] },
    { text: 'Fixed `add`.' },
  ], { sessionsDir, sessionId, log });
  writeFileSync(join(h.workspace, 'math.js'), 'export const add = (a, b) => a - b;\n');
  return { ...h, home };
}

describe('export as Markdown', () => {
  it('/export writes the conversation: messages, tool calls as short blocks, the edit as a diff block', async () => {
    const { session, workspace } = harnessWithLog();
    const bridge = createBridge(session, { commands: slashCommands });
    bridge.send('fix add please');
    await bridge.idle();
    bridge.send('/export notes/../out.md');
    await bridge.idle();
    const markdown = readFileSync(join(workspace, 'out.md'), 'utf8');
    expect(markdown).toMatch(/^# rein session 20261201-120000-cafe01\n/);
    expect(markdown).toContain('## User\n\nfix add please');
    expect(markdown).toContain('**read_file** `math.js`');
    expect(markdown).toContain('**edit_file** `math.js`\n\n```diff\n');
    expect(markdown).toMatch(/^-export const add = \(a, b\) => a - b;$/m);
    expect(markdown).toMatch(/^\+export const add = \(a, b\) => a \+ b;$/m);
    // Output holding ``` is fenced with a longer fence.
    expect(markdown).toContain('````\n``` tests pass\n````');
    expect(markdown).toContain('## Assistant\n\nFixed `add`.');
    expect(bridge.store.getState().transcript.at(-1)).toMatchObject({ kind: 'notice', text: `Exported the conversation to ${resolve(workspace, 'out.md')}.` });
  });

  it('rein sessions export <id> --format md prints the same; a bad id is one sentence and exit 2', async () => {
    const { session, workspace, home } = harnessWithLog();
    const bridge = createBridge(session, { commands: slashCommands });
    bridge.send('fix add please');
    await bridge.idle();
    await session.close();
    const env = { REIN_HOME: home };
    const printed = await execa('node', [resolve('dist/cli.js'), 'sessions', 'export', '20261201-120000', '--format', 'md'], { cwd: workspace, env, reject: false });
    expect(printed.exitCode).toBe(0);
    expect(printed.stdout).toContain('## User\n\nfix add please');
    expect(printed.stdout).toContain('```diff');
    const written = await execa('node', [resolve('dist/cli.js'), 'sessions', 'export', '20261201-120000', '--format', 'md', '--output', 'session.md'], { cwd: workspace, env, reject: false });
    expect(written.stdout).toBe('Exported session 20261201-120000-cafe01 to session.md.');
    expect(readFileSync(join(workspace, 'session.md'), 'utf8')).toBe(`${printed.stdout}\n`);
    const bad = await execa('node', [resolve('dist/cli.js'), 'sessions', 'export', 'nope', '--format', 'md'], { cwd: workspace, env, reject: false });
    expect(bad.exitCode).toBe(2);
    expect(bad.stderr).toBe('rein: No saved session matches "nope"; rein sessions list shows the sessions of this directory.');
    expect(existsSync(join(workspace, 'nope'))).toBe(false);
  });
});
