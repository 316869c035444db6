// `rein mcp serve` driven by the MCP SDK's own client over stdio against the built CLI: the tools it lists, a read,
// edits asked through elicitation (accepted, declined, and refused when the client cannot be asked), and the rules
// that hold whatever the client answers (deny rules, the destructive guard, a project's allow rules before trust).
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { resolve } from 'node:path';
import { execa } from 'execa';
import { afterEach, describe, expect, it } from 'vitest';
import { project, serve, type Project, type Served } from './serveClient.js';

const open: Served[] = [];
const made: Project[] = [];

async function start(files: Record<string, string>, opts: Parameters<typeof serve>[1] = {}): Promise<{ p: Project; s: Served }> {
  const p = project(files);
  made.push(p);
  const s = await serve(p, opts);
  open.push(s);
  return { p, s };
}

afterEach(async () => {
  for (const s of open.splice(0)) await s.close();
  for (const p of made.splice(0)) p.remove();
});

const edit = { path: 'notes.txt', old_string: 'hello', new_string: 'changed' };

/** rein edits only a file read in the same server's lifetime, as in a session. */
async function readThenEdit(s: Served): Promise<{ text: string; isError: boolean }> {
  expect((await s.call('read_file', { path: 'notes.txt' })).isError).toBe(false);
  return s.call('edit_file', edit);
}

describe('rein mcp serve', () => {
  it('lists rein\'s file, search and bash tools, reads a file, and writes nothing but protocol to stdout', async () => {
    const { s } = await start({ 'src/app.ts': 'export const answer = 42;\n' }, { answer: 'accept' });
    const { tools } = await s.client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(['bash', 'edit_file', 'glob', 'grep', 'read_file', 'write_file']);
    expect(tools.find((t) => t.name === 'read_file')?.annotations?.readOnlyHint).toBe(true);
    expect(tools.find((t) => t.name === 'bash')?.inputSchema.properties).not.toHaveProperty('run_in_background');
    expect(tools.find((t) => t.name === 'bash')?.description).not.toContain('run_in_background');
    expect(s.client.getServerVersion()?.name).toBe('rein');

    const read = await s.call('read_file', { path: 'notes.txt' });
    expect(read).toEqual({ text: expect.stringContaining('hello'), isError: false });
    expect(s.errors).toEqual([]);
    const found = await s.call('grep', { pattern: 'answer' });
    expect(found.text).toContain('src/app.ts');
    expect(s.asked).toEqual([]);
    // A command's output is the call's result; on stdout it would break the client's reading of messages.
    const ran = await s.call('bash', { command: 'ls' });
    expect(ran.text).toContain('notes.txt');
    expect(s.asked).toEqual(['rein asks: allow bash ls?']);
    expect(s.errors).toEqual([]);
  });

  it('asks the client before an edit in ask mode and makes it once the user accepts', async () => {
    const { p, s } = await start({}, { answer: 'accept' });
    const result = await readThenEdit(s);
    expect(result.isError).toBe(false);
    expect(readFileSync(join(p.dir, 'notes.txt'), 'utf8')).toBe('changed\n');
    expect(s.asked).toHaveLength(1);
    expect(s.asked[0]).toContain('edit_file notes.txt');
    expect(s.asked[0]).toContain('-hello');
    expect(s.asked[0]).toContain('+changed');
  });

  it('leaves the file alone when the user declines', async () => {
    const { p, s } = await start({}, { answer: 'decline' });
    const result = await readThenEdit(s);
    expect(result.isError).toBe(true);
    expect(result.text).toContain('declined');
    expect(s.asked).toHaveLength(1);
    expect(readFileSync(join(p.dir, 'notes.txt'), 'utf8')).toBe('hello\n');
  });

  it('refuses an edit, saying why, when the client declares no elicitation support', async () => {
    const { p, s } = await start({});
    const result = await readThenEdit(s);
    expect(result.isError).toBe(true);
    expect(result.text).toContain('cannot be asked');
    expect(result.text).toContain('--permission-mode auto-edit');
    expect(readFileSync(join(p.dir, 'notes.txt'), 'utf8')).toBe('hello\n');
    const write = await s.call('write_file', { path: 'new.txt', content: 'x' });
    expect(write.isError).toBe(true);
    expect(existsSync(join(p.dir, 'new.txt'))).toBe(false);
  });

  it('edits without asking in auto-edit mode, and still asks before a command', async () => {
    const { p, s } = await start({}, { args: ['--permission-mode', 'auto-edit'] });
    expect((await readThenEdit(s)).isError).toBe(false);
    expect(readFileSync(join(p.dir, 'notes.txt'), 'utf8')).toBe('changed\n');
    const touch = await s.call('bash', { command: 'touch made.txt' });
    expect(touch.isError).toBe(true);
    expect(existsSync(join(p.dir, 'made.txt'))).toBe(false);
  });

  it('holds a project deny rule though the project is not trusted and the client accepts everything', async () => {
    const settings = JSON.stringify({ permissions: { deny: ['Read(./secret.txt)', 'Edit(./notes.txt)'] } });
    const { p, s } = await start({ '.claude/settings.json': settings, 'secret.txt': 'the-secret-value\n' }, { answer: 'accept' });
    const read = await s.call('read_file', { path: 'secret.txt' });
    expect(read.isError).toBe(true);
    expect(read.text).toContain('denies');
    expect(read.text).not.toContain('the-secret-value');
    const searched = await s.call('grep', { pattern: 'the-secret-value' });
    expect(searched.text).not.toContain('secret.txt');
    expect((await readThenEdit(s)).isError).toBe(true);
    expect(readFileSync(join(p.dir, 'notes.txt'), 'utf8')).toBe('hello\n');
    expect(s.asked).toEqual([]);
  });

  it('refuses a destructive command without asking, even in yolo mode', async () => {
    const { p, s } = await start({}, { answer: 'accept', args: ['--permission-mode', 'yolo'] });
    const result = await s.call('bash', { command: 'rm -rf .' });
    expect(result.isError).toBe(true);
    expect(result.text).toContain('refused');
    expect(s.asked).toEqual([]);
    expect(existsSync(join(p.dir, 'notes.txt'))).toBe(true);
  });

  it('runs the user\'s PreToolUse hooks: one that blocks a command stops it in yolo mode', async () => {
    const p = project();
    made.push(p);
    const hook = { type: 'command', command: 'echo "the test hook blocks every command" >&2; exit 2' };
    mkdirSync(join(p.home, '.claude'));
    writeFileSync(join(p.home, '.claude', 'settings.json'), JSON.stringify({ hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [hook] }] } }));
    const s = await serve(p, { args: ['--permission-mode', 'yolo'] });
    open.push(s);
    const blocked = await s.call('bash', { command: 'touch made.txt' });
    expect(blocked.isError).toBe(true);
    expect(blocked.text).toContain('the test hook blocks every command');
    expect(existsSync(join(p.dir, 'made.txt'))).toBe(false);
    expect((await s.call('read_file', { path: 'notes.txt' })).isError).toBe(false);
  });

  it('saves a long output where read_file can page through it', async () => {
    const { s } = await start({}, { args: ['--permission-mode', 'yolo'] });
    const long = await s.call('bash', { command: 'seq 1 200000' });
    const saved = /(\/\S+\.txt)/.exec(long.text)?.[1];
    expect(saved).toBeDefined();
    const page = await s.call('read_file', { path: saved!, offset: 150000, limit: 1 });
    expect(page.isError).toBe(false);
    expect(page.text).toContain('150000');
  });

  it('keeps a project\'s allow rules back until --trust-project, as a headless run does', async () => {
    const files = { '.claude/settings.json': JSON.stringify({ permissions: { allow: ['Edit(./notes.txt)'] } }) };
    const untrusted = await start(files);
    const refused = await readThenEdit(untrusted.s);
    expect(refused.isError).toBe(true);
    expect(readFileSync(join(untrusted.p.dir, 'notes.txt'), 'utf8')).toBe('hello\n');
    expect(untrusted.s.stderr()).toContain('--trust-project');

    const trusted = await start(files, { args: ['--trust-project'] });
    expect((await readThenEdit(trusted.s)).isError).toBe(false);
    expect(readFileSync(join(trusted.p.dir, 'notes.txt'), 'utf8')).toBe('changed\n');
  });

  it('ends when the client closes its input, cleaning up after itself, with nothing on stdout', async () => {
    const p = project();
    made.push(p);
    const temp = p.temp;
    const env = { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: p.home, REIN_HOME: join(p.home, '.rein'), TMPDIR: temp, CI: 'true' };
    const run = await execa(process.execPath, [resolve('dist/cli.js'), 'mcp', 'serve'], { cwd: p.dir, env, extendEnv: false, input: '', reject: false, timeout: 60_000 });
    expect(run.exitCode).toBe(0);
    expect(run.stdout).toBe('');
    // The folder for oversized outputs goes with the server.
    expect(readdirSync(temp)).toEqual([]);
  });

  it('says in one sentence what is wrong with an unknown permission mode', async () => {
    const p = project();
    made.push(p);
    const run = await execa(process.execPath, [resolve('dist/cli.js'), 'mcp', 'serve', '--permission-mode', 'sometimes'], { cwd: p.dir, env: { HOME: p.home, REIN_HOME: join(p.home, '.rein') }, input: '', reject: false, timeout: 60_000 });
    expect(run.exitCode).toBe(2);
    expect(run.stderr.trim()).toBe('rein: --permission-mode must be one of ask, auto-edit, plan, yolo, not "sometimes".');
    expect(run.stdout).toBe('');
  });
});
