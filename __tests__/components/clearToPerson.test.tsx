// What a person reads in the transcript: a line of their own where a result is written for the model, paths relative to
// the workspace from the pending row to the denial, an Always rule under its call, a failed command naming itself.
import { mkdtempSync, rmSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AgentEvent } from '../../source/protocol/events.js';
import type { ToolResult } from '../../source/protocol/tools.js';
import { applyEvent } from '../../source/store/applyEvent.js';
import { initialState, type AppState } from '../../source/store/state.js';
import { builtinTools } from '../../source/tools/builtins.js';
import { ToolRegistry, runToolCall } from '../../source/tools/runner.js';
import { itemToLines } from '../../components/view/transcriptLines.js';
import { noticeToLines } from '../../components/view/messageLines.js';
import { shownPath } from '../../source/util/shownPath.js';
import { setupLines } from '../../components/view/setupLines.js';
import { approvalBody } from '../../components/view/approvalLines.js';
import { MemoryStore } from '../../source/memory/store.js';
import { FakeSession, ticks } from '../support/fakeSession.js';
import { makeWorkspace, type TestWorkspace } from '../tools/helpers.js';
import { keys, renderApp, type AppHarness } from './harness.js';

const ws0 = '/work/project';
const runId = 'run-1';

function start(cwd = ws0): AppState {
  const state = initialState({ sessionId: 's1', cwd, provider: 'openai', model: 'm', mode: 'ask', contextWindow: 100_000 });
  return applyEvent(state, { type: 'run_start', sessionId: 's1', runId, prompt: 'go' });
}

const reduce = (state: AppState, ...events: AgentEvent[]): AppState => events.reduce(applyEvent, state);

/** The model's message that asks for one call (the row appears, pending, with its arguments). */
function asked(id: string, name: string, input: Record<string, unknown>): AgentEvent[] {
  return [
    { type: 'tool_call_start', runId, messageId: 'm1', toolCallId: id, name },
    {
      type: 'message_end', runId, turnId: 't1', messageId: 'm1', stopReason: 'tool_use',
      usage: { inputTokens: 1, outputTokens: 1, cacheReadTokens: 0, cacheWriteTokens: 0 },
      message: { role: 'assistant', content: [{ type: 'tool_use', id, name, input }] },
    } as AgentEvent,
  ];
}

/** The rows of the transcript item with this id, without colours. */
function rows(state: AppState, id: string, width = 80): string[] {
  const item = state.transcript.find((i) => i.id === id);
  if (!item) throw new Error(`no item ${id}`);
  return itemToLines(item, width, '*').map((row) => stripVTControlCharacters(row).trimEnd()).filter((row) => row !== '');
}

const ended = (id: string, name: string, result: ToolResult, denied = false): AgentEvent => ({ type: 'tool_end', runId, toolCallId: id, name, result, durationMs: 5, ...(denied ? { denied: true } : {}) });

describe('results written for the model get a line for the person', () => {
  let ws: TestWorkspace;
  beforeEach(async () => {
    ws = await makeWorkspace();
  });
  afterEach(() => ws.cleanup());

  /** Runs the real tool and shows its result as the transcript would. */
  async function shown(name: string, input: Record<string, unknown>): Promise<{ result: ToolResult; lines: string[] }> {
    const registry = new ToolRegistry(builtinTools);
    const result = await runToolCall(registry, { id: 'c1', name, input }, ws.ctx());
    const state = reduce(start(ws.dir), ...asked('c1', name, input), { type: 'tool_start', runId, toolCallId: 'c1', name, input, summary: '' }, ended('c1', name, result));
    return { result, lines: rows(state, 'c1') };
  }

  it('a background command reads "Running in the background as bg1"; the model still gets how to read and stop it', async () => {
    const { result, lines } = await shown('bash', { command: 'sleep 30', run_in_background: true });
    expect(result.content).toContain('bash_output (task_id "bg1")');
    expect(lines.join('\n')).toContain('⎿ Running in the background as bg1 · /tasks lists it');
    expect(lines.join('\n')).not.toMatch(/bash_output|kill_task|you will be told/);
  });

  it('a file error says what went wrong, not what the model should call next', async () => {
    const missing = await shown('read_file', { path: 'src/gone.ts' });
    expect(missing.result.content).toContain('use glob to find the file');
    expect(missing.lines.join('\n')).toContain('src/gone.ts does not exist.');
    expect(missing.lines.join('\n')).not.toContain('glob');

    await ws.write('a.txt', 'one\n');
    const stale = await shown('edit_file', { path: 'a.txt', old_string: 'one', new_string: 'two' });
    expect(stale.result.content).toContain('read it with read_file first');
    expect(stale.lines.join('\n')).toContain('a.txt has not been read in this session.');
    expect(stale.lines.join('\n')).not.toContain('read_file first');
  });

  it('a todo list the model got wrong says the list was not updated, and why', async () => {
    const todos = [
      { content: 'A', activeForm: 'Doing A', status: 'in_progress' },
      { content: 'B', activeForm: 'Doing B', status: 'in_progress' },
    ];
    const { result, lines } = await shown('todo_write', { todos });
    expect(result.content).toContain('finish one before starting the next');
    expect(lines.join('\n')).toContain('List not updated: only one item may be in_progress at a time, but 2 are.');
    expect(lines.join('\n')).not.toContain('finish one');
  });

  it('arguments that do not fit the schema are named, without what was sent and what to do next', async () => {
    const { result, lines } = await shown('read_file', { file: 'x' });
    expect(result.content).toContain('call it again');
    expect(lines.join('\n')).toContain('Invalid arguments for read_file:');
    expect(lines.join('\n')).toContain('- /path: is required');
    expect(lines.join('\n')).not.toMatch(/Received:|call it again/);
  });

  it('an unknown tool is named without the list of every tool', async () => {
    const { result, lines } = await shown('read_fiel', { path: 'x' });
    expect(result.content).toContain('Available tools: ');
    expect(lines.join('\n')).toContain('There is no tool named read_fiel.');
    expect(lines.join('\n')).not.toContain('Available tools');
  });
});

describe('paths read relative to the workspace on every row of a call', () => {
  const path = `${ws0}/src/app.ts`;

  it('pending, asked and denied by the user: src/app.ts throughout', () => {
    let state = reduce(start(), ...asked('c1', 'edit_file', { path, old_string: 'a', new_string: 'b' }));
    expect(rows(state, 'c1')[0]).toBe('* edit_file(src/app.ts)');
    state = reduce(state, {
      type: 'approval_request', runId, approvalId: 'a1', toolCallId: 'c1', name: 'edit_file', input: { path }, summary: 'src/app.ts',
      alwaysScope: '', alwaysRules: [], cwd: ws0,
    } as AgentEvent);
    expect(rows(state, 'c1')[0]).toBe('* edit_file(src/app.ts)');
    state = reduce(state, { type: 'approval_resolved', runId, approvalId: 'a1', toolCallId: 'c1', decision: { kind: 'no', reason: 'not now' } }, ended('c1', 'edit_file', { content: 'declined', display: { kind: 'text', text: 'declined: not now' }, isError: true }, true));
    expect(rows(state, 'c1')).toEqual(['✗ edit_file(src/app.ts) denied', '  ⎿ Denied: not now']);
  });

  it('the engine\'s summary replaces the row\'s guess when it asks', () => {
    // A row guessed from a command (not a path) takes the engine's words once the call is asked.
    let state = reduce(start(), ...asked('c1', 'grep', { pattern: 'TODO', path: `${ws0}/src` }));
    expect(rows(state, 'c1')[0]).toBe('* grep(TODO)');
    state = reduce(state, { type: 'approval_request', runId, approvalId: 'a1', toolCallId: 'c1', name: 'grep', input: {}, summary: 'TODO in src', alwaysScope: '', alwaysRules: [], cwd: ws0 } as AgentEvent);
    expect(rows(state, 'c1')[0]).toBe('* grep(TODO in src)');
  });

  it('denied by a rule (no dialog, no start): still relative', () => {
    const state = reduce(start(), ...asked('c1', 'write_file', { path, content: 'x' }), ended('c1', 'write_file', { content: 'denied by rule', display: { kind: 'text', text: 'denied by a rule' }, isError: true }, true));
    expect(rows(state, 'c1')[0]).toMatch(/^✗ write_file\(src\/app\.ts\)/);
  });

  it('the approval dialog names a command\'s folder ~-relative in the home folder', () => {
    const approval = { runId, approvalId: 'a1', toolCallId: 'c1', name: 'bash', input: { command: 'ls' }, summary: 'ls', alwaysScope: '', alwaysRules: [], cwd: join(homedir(), 'proj') };
    const body = approvalBody(approval, 80).map((row) => stripVTControlCharacters(row));
    expect(body).toEqual(['$ ls', 'in ~/proj']);
  });

  it('outside the workspace a path stays absolute, or ~-relative in the home folder', () => {
    expect(shownPath('/etc/hosts', { cwd: ws0, workspace: ws0 })).toBe('/etc/hosts');
    expect(shownPath(join(homedir(), 'notes/todo.md'), { cwd: '/elsewhere', workspace: '/elsewhere' })).toBe('~/notes/todo.md');
    expect(shownPath('../other/x', { cwd: ws0, workspace: ws0 }, '/home/u')).toBe('/work/other/x');
    expect(shownPath(`${ws0}`, { cwd: ws0, workspace: ws0 })).toBe('.');
  });
});

describe('an Always rule shows with the decision', () => {
  it('right under the call\'s line, above its output', () => {
    let state = reduce(start(), ...asked('c1', 'bash', { command: 'npm test' }));
    state = reduce(
      state,
      { type: 'approval_request', runId, approvalId: 'a1', toolCallId: 'c1', name: 'bash', input: { command: 'npm test' }, summary: 'npm test', alwaysScope: 'Bash(npm test)', alwaysRules: ['Bash(npm test)'], cwd: ws0 } as AgentEvent,
      { type: 'approval_resolved', runId, approvalId: 'a1', toolCallId: 'c1', decision: { kind: 'always', scope: 'session' } },
      { type: 'rules_added', runId, rules: ['Bash(npm test)'], source: 'this session', toolCallId: 'c1' },
      { type: 'tool_start', runId, toolCallId: 'c1', name: 'bash', input: { command: 'npm test' }, summary: 'npm test' },
      ended('c1', 'bash', { content: '3 passed', display: { kind: 'text', text: '3 passed' }, isError: false }),
    );
    expect(rows(state, 'c1')).toEqual(['✓ bash(npm test) · 5ms', '  ⎿ · Added Bash(npm test) (this session).', '    3 passed']);
    // No separate notice after the call's output.
    expect(state.transcript.filter((i) => i.kind === 'notice')).toEqual([]);
  });

  it('a rule from an event without its call (an older log) is still a notice', () => {
    const state = reduce(start(), { type: 'rules_added', runId, rules: ['Read'], source: 'this session' });
    expect(state.transcript.at(-1)).toMatchObject({ kind: 'notice', text: 'Added Read (this session).' });
  });
});

describe('a slash command that fails names the command it answers', () => {
  let h: AppHarness | undefined;
  let root: string | undefined;
  afterEach(() => {
    h?.cleanup();
    if (root) rmSync(root, { recursive: true, force: true });
    h = undefined;
    root = undefined;
  });

  async function run(app: AppHarness, line: string): Promise<void> {
    await app.type(line);
    await app.press(keys.escape);
    await app.press(keys.enter);
    await ticks();
  }

  const lastNoticeRows = (app: AppHarness): string[] => {
    const notice = app.bridge.store.getState().transcript.filter((i) => i.kind === 'notice').at(-1);
    if (!notice || notice.kind !== 'notice') throw new Error('no notice');
    return noticeToLines(notice, 80).map((row) => stripVTControlCharacters(row));
  };

  it('/memory add foo bar shows the line as typed above its usage', async () => {
    root = mkdtempSync(join(tmpdir(), 'rein-clarity-'));
    const session = new FakeSession();
    session.memoryStore = new MemoryStore({ root, projectDir: root });
    h = await renderApp({ session, rows: 40 });
    await run(h, '/memory add foo bar');
    const lines = lastNoticeRows(h);
    expect(lines[0]).toBe('❯ /memory add foo bar');
    expect(lines[1]).toMatch(/^✗ Usage: \/memory/);
    expect(h.lastFrame()).toContain('❯ /memory add foo bar');
  });

  it('a failure of what the command asked for (/model) names the command too', async () => {
    h = await renderApp({ session: new FakeSession() });
    await run(h, '/model bad-model');
    const lines = lastNoticeRows(h);
    expect(lines[0]).toBe('❯ /model bad-model');
    expect(lines[1]).toMatch(/^✗ Could not switch to model bad-model/);
  });
});

describe('the setup screen\'s rows', () => {
  const message = 'No API key for anthropic: set ANTHROPIC_API_KEY or "apiKey" in agent.config.json.';

  it('at 60 columns a way too long for its row goes on indented under its start; every row fits', () => {
    const lines = setupLines(message, 60, true).map((row) => stripVTControlCharacters(row));
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(60);
    const first = lines.findIndex((line) => line.includes('rein --provider openai'));
    expect(lines.slice(first, first + 3)).toEqual(['    rein --provider openai --base-url', '      http://localhost:11434/v1 --model <name>', '      a local server (Ollama, vLLM…): no key needed']);
    expect(lines.at(-1)).toBe('  Then start rein again. Press q, Enter or Esc to quit.');
  });

  it('what is printed once it closes says the same without the keys of a screen that is gone', () => {
    const printed = setupLines(message, 80, false).map((row) => stripVTControlCharacters(row));
    expect(printed).toContain('    rein --provider openai --base-url http://localhost:11434/v1 --model <name>');
    expect(printed.join('\n')).toContain('set ANTHROPIC_API_KEY');
    expect(printed.at(-1)).toBe('  Then start rein again.');
  });
});
