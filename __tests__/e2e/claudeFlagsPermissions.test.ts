// End-to-end: the permission flags of `claude -p` with Claude Code's meaning, each run against the built CLI: skipping
// permissions, Claude Code's mode names, tool lists that take the following words, --add-dir, --settings, and an MCP
// tool that decides what would ask.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startMockLlmServer, type MockLlmServer, type MockTurn } from '../support/mockLlmServer.js';
import { jsonLines, openaiArgs, runRein, scratch, type Scratch } from '../support/headlessRun.js';

let s: Scratch;
let server: MockLlmServer | undefined;

beforeEach(() => {
  s = scratch();
});
afterEach(async () => {
  await server?.close();
  server = undefined;
  s.remove();
});

/** The model writes new.txt and runs `touch ran.txt`, then answers. */
const writeAndRun = (): MockTurn[] => [
  { toolCalls: [
    { id: 'call_write', name: 'write_file', input: { path: 'new.txt', content: 'written\n' } },
    { id: 'call_bash', name: 'bash', input: { command: 'touch ran.txt' } },
  ] },
  { text: 'done' },
];

async function headless(args: string[], turns: MockTurn[] = writeAndRun(), input?: string) {
  await server?.close();
  server = await startMockLlmServer({ turns });
  const run = await runRein(s, [...args, ...openaiArgs(server), '--output-format', 'json'], { input });
  const result = JSON.parse(run.stdout) as Record<string, any>;
  return { run, result, wrote: existsSync(join(s.repo, 'new.txt')), ran: existsSync(join(s.repo, 'ran.txt')) };
}

const deniedNames = (result: Record<string, any>) => (result.permission_denials as { tool_name: string }[]).map((d) => d.tool_name);
/** What the model was told about each call, from the second request. */
const toolResults = () => JSON.stringify(server?.requests[1]?.body.messages ?? []);

describe('--dangerously-skip-permissions and --permission-mode with Claude Code names', () => {
  it('--dangerously-skip-permissions lets every call run where the configured mode would deny them', async () => {
    writeFileSync(join(s.home, 'agent.config.json'), JSON.stringify({ permissionMode: 'ask' }));
    const asked = await headless(['-p', 'go']);
    expect([asked.wrote, asked.ran]).toEqual([false, false]);
    expect(deniedNames(asked.result)).toEqual(['Write', 'Bash']);
    rmSync(join(s.repo, 'new.txt'), { force: true });
    const skipped = await headless(['-p', 'go', '--dangerously-skip-permissions']);
    expect([skipped.wrote, skipped.ran]).toEqual([true, true]);
    expect(skipped.result.permission_denials).toEqual([]);
  });

  it('default denies what would ask; acceptEdits lets edits through; bypassPermissions lets everything through', async () => {
    const byDefault = await headless(['-p', 'go', '--permission-mode', 'default']);
    expect([byDefault.wrote, byDefault.ran]).toEqual([false, false]);
    expect(byDefault.result.permission_denials).toEqual([
      { tool_name: 'Write', tool_use_id: 'call_write', tool_input: { file_path: join(s.repo, 'new.txt'), content: 'written\n' } },
      { tool_name: 'Bash', tool_use_id: 'call_bash', tool_input: { command: 'touch ran.txt' } },
    ]);
    const edits = await headless(['-p', 'go', '--permission-mode', 'acceptEdits']);
    expect([edits.wrote, edits.ran]).toEqual([true, false]);
    expect(deniedNames(edits.result)).toEqual(['Bash']);
    rmSync(join(s.repo, 'new.txt'));
    const bypass = await headless(['-p', 'go', '--permission-mode', 'bypassPermissions']);
    expect([bypass.wrote, bypass.ran]).toEqual([true, true]);
  });

  it('dontAsk denies what would ask with its own message and lets read-only calls run; plan refuses changes', async () => {
    const turns: MockTurn[] = [
      { toolCalls: [{ name: 'read_file', input: { path: 'notes.txt' } }, { name: 'write_file', input: { path: 'new.txt', content: 'x' } }] },
      { text: 'done' },
    ];
    await server?.close();
    server = await startMockLlmServer({ turns });
    const run = await runRein(s, ['-p', 'go', ...openaiArgs(server), '--permission-mode', 'dontAsk', '--output-format', 'stream-json']);
    const messages = jsonLines(run.stdout);
    expect(messages[0]).toMatchObject({ type: 'system', subtype: 'init', permissionMode: 'dontAsk' });
    expect(existsSync(join(s.repo, 'new.txt'))).toBe(false);
    expect(toolResults()).toContain('hello');
    expect(toolResults()).toContain('dontAsk mode');
    expect(deniedNames(messages.at(-1) as Record<string, any>)).toEqual(['Write']);
    const plan = await headless(['-p', 'go', '--permission-mode', 'plan']);
    expect([plan.wrote, plan.ran]).toEqual([false, false]);
    expect(toolResults()).toContain('plan mode');
  });

  it('refuses a mode neither rein nor Claude Code has, naming both sets of names', async () => {
    const run = await runRein(s, ['-p', 'go', '--permission-mode', 'auto']);
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toMatch(/--permission-mode must be one of ask, auto-edit, plan, yolo, default, acceptEdits, bypassPermissions, dontAsk/);
  });
});

describe('--allowedTools and --disallowedTools take the words that follow', () => {
  it('every word after --allowedTools is a rule, and the prompt then comes from standard input', async () => {
    writeFileSync(join(s.home, 'agent.config.json'), JSON.stringify({ permissionMode: 'ask' }));
    const both = await headless(['-p', '--allowedTools', 'Write', 'Bash(touch:*)'], writeAndRun(), 'go on, write it\n');
    expect([both.wrote, both.ran]).toEqual([true, true]);
    expect(JSON.stringify(server?.requests[0].body.messages)).toContain('go on, write it');
    rmSync(join(s.repo, 'new.txt'));
    rmSync(join(s.repo, 'ran.txt'));
    // Only the first word: the second call is denied, so the second word above was a rule.
    const one = await headless(['-p', 'go', '--allowedTools', 'Write']);
    expect([one.wrote, one.ran]).toEqual([true, false]);
  });

  it('every word after --disallowedTools is denied, in bypassPermissions mode too', async () => {
    const denied = await headless(['-p', 'go', '--permission-mode', 'bypassPermissions', '--disallowedTools', 'Write', 'Bash']);
    expect([denied.wrote, denied.ran]).toEqual([false, false]);
    expect(deniedNames(denied.result)).toEqual(['Write', 'Bash']);
  });
});

describe('--add-dir', () => {
  let outside: string;
  beforeEach(() => {
    outside = mkdtempSync(join(tmpdir(), 'rein-flags-added-'));
  });
  afterEach(() => rmSync(outside, { recursive: true, force: true }));

  it('lets the file tools write and read in the added folders, which they refuse without it', async () => {
    const turns = (): MockTurn[] => [
      { toolCalls: [{ name: 'write_file', input: { path: join(outside, 'out.txt'), content: 'outside\n' } }] },
      { toolCalls: [{ name: 'read_file', input: { path: join(outside, 'out.txt') } }] },
      { text: 'done' },
    ];
    const without = await headless(['-p', 'go'], turns());
    expect(existsSync(join(outside, 'out.txt'))).toBe(false);
    expect(toolResults()).toContain('outside the workspace');
    const other = mkdtempSync(join(tmpdir(), 'rein-flags-other-'));
    const added = await headless(['-p', 'go', '--add-dir', other, outside], turns());
    rmSync(other, { recursive: true, force: true });
    expect(readFileSync(join(outside, 'out.txt'), 'utf8')).toBe('outside\n');
    expect(JSON.stringify(server?.requests[2].body.messages)).toContain('outside');
    expect(JSON.stringify(server?.requests[0].body.messages[0])).toContain(outside);
    expect(added.result.is_error).toBe(false);
    expect(without.result.is_error).toBe(false);
  });

  it('a folder that does not exist is one sentence and exit 2', async () => {
    const run = await runRein(s, ['-p', 'go', '--add-dir', join(outside, 'missing')]);
    expect(run.exitCode).toBe(2);
    expect(run.stderr.trim()).toBe(`rein: --add-dir ${join(outside, 'missing')} is not a folder that exists; check the path.`);
  });
});

describe('--settings', () => {
  it('takes settings JSON as the user\'s own: its deny rules hold in bypassPermissions mode', async () => {
    const denied = await headless(['-p', 'go', '--permission-mode', 'bypassPermissions', '--settings', JSON.stringify({ permissions: { deny: ['Write'] } })]);
    expect([denied.wrote, denied.ran]).toEqual([false, true]);
    expect(deniedNames(denied.result)).toEqual(['Write']);
  });

  it('takes a settings file: its allow rules let calls run in default mode, and its hooks run without trust', async () => {
    mkdirSync(join(s.repo, 'conf'));
    writeFileSync(join(s.repo, 'conf', 'settings.json'), JSON.stringify({
      permissions: { allow: ['Bash(touch:*)'] },
      hooks: { PostToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'touch hook-ran.txt' }] }] },
    }));
    const allowed = await headless(['-p', 'go', '--permission-mode', 'default', '--settings', 'conf/settings.json']);
    expect([allowed.wrote, allowed.ran]).toEqual([false, true]);
    expect(existsSync(join(s.repo, 'hook-ran.txt'))).toBe(true);
  });

  it('a settings file that cannot be read or parsed is one sentence and exit 2', async () => {
    const missing = await runRein(s, ['-p', 'go', '--settings', 'nope.json']);
    expect(missing.exitCode).toBe(2);
    expect(missing.stderr.trim()).toBe('rein: Cannot read --settings nope.json: ENOENT; give a settings file or its JSON.');
    const broken = await runRein(s, ['-p', 'go', '--settings', '{"permissions": ']);
    expect(broken.exitCode).toBe(2);
    expect(broken.stderr).toMatch(/^rein: --settings JSON is not valid JSON/);
  });
});

describe('--permission-prompt-tool', () => {
  it('asks the MCP tool in Claude Code\'s shape: an allow with changed input runs as changed, a deny is reported', async () => {
    const decisions = join(s.home, 'decisions.jsonl');
    writeFileSync(join(s.repo, 'servers.json'), JSON.stringify({ mcpServers: { gate: {
      command: process.execPath, args: [resolve('__tests__/support/mcp/permissionServer.mjs')], env: { DECISIONS_LOG: decisions },
    } } }));
    const turns: MockTurn[] = [
      { toolCalls: [
        { id: 'call_bash', name: 'bash', input: { command: 'touch ran.txt' } },
        { id: 'call_write', name: 'write_file', input: { path: 'new.txt', content: 'forbidden words' } },
      ] },
      { text: 'done' },
    ];
    const { result, wrote, ran } = await headless(['-p', 'go', '--mcp-config', 'servers.json', '--permission-prompt-tool', 'mcp__gate__decide'], turns);
    expect(ran).toBe(true);
    expect(wrote).toBe(false);
    // The rewritten command ran: its extra echo is in the result the model got.
    expect(toolResults()).toContain('rewritten');
    expect(toolResults()).toContain('The gatekeeper says no to this one.');
    expect(result.permission_denials).toEqual([{ tool_name: 'Write', tool_use_id: 'call_write', tool_input: { file_path: join(s.repo, 'new.txt'), content: 'forbidden words' } }]);
    const questions = readFileSync(decisions, 'utf8').trim().split('\n').map((line) => JSON.parse(line));
    expect(questions).toEqual([
      { tool_name: 'Bash', input: { command: 'touch ran.txt' }, tool_use_id: 'call_bash' },
      { tool_name: 'Write', input: { file_path: join(s.repo, 'new.txt'), content: 'forbidden words' }, tool_use_id: 'call_write' },
    ]);
  });

  it('answers ask_user as Claude Code\'s SDK does: allowed with answers in the updated input', async () => {
    writeFileSync(join(s.repo, 'servers.json'), JSON.stringify({ mcpServers: { gate: { command: process.execPath, args: [resolve('__tests__/support/mcp/permissionServer.mjs')] } } }));
    const turns: MockTurn[] = [
      { toolCalls: [{ id: 'call_ask', name: 'ask_user', input: { questions: [{ question: 'Which database?', options: [{ label: 'Postgres' }, { label: 'SQLite' }] }] } }] },
      { text: 'done' },
    ];
    await headless(['-p', 'go', '--mcp-config', 'servers.json', '--permission-prompt-tool', 'mcp__gate__decide'], turns);
    expect(toolResults()).toContain('The user answered: \\"Which database?\\" = \\"SQLite\\"');
  });

  it('a tool that is not there denies the call and says so', async () => {
    const { result, ran } = await headless(['-p', 'go', '--permission-prompt-tool', 'mcp__nowhere__decide']);
    expect(ran).toBe(false);
    expect(deniedNames(result)).toEqual(['Write', 'Bash']);
    expect(toolResults()).toContain('mcp__nowhere__decide is not available');
  });
});
