// A task call on screen: one block with a live status line, one line when done, its calls and answer with Ctrl+O,
// and the running subagent in the sidebar.
import { afterEach, describe, expect, it } from 'vitest';
import { stripVTControlCharacters as strip } from 'node:util';
import { itemToLines } from '../../components/view/transcriptLines.js';
import { applyEvent } from '../../source/store/applyEvent.js';
import { initialState, type AppState, type ToolItem } from '../../source/store/state.js';
import { stampSubagentStarts } from '../../source/store/subagents.js';
import type { AgentEvent } from '../../source/protocol/events.js';
import { FakeSession } from '../support/fakeSession.js';
import { backgroundCallEnd, childEnd, childStart, childTool, childTurn, taskCall, taskRun, taskStart } from '../support/subagentEvents.js';
import { keys, renderApp, type AppHarness } from './harness.js';

const c = taskCall();
const reduce = (events: AgentEvent[]): AppState => events.reduce(applyEvent, { ...initialState(new FakeSession().info), running: true, runId: 'r1' });
const blockOf = (state: AppState): ToolItem => state.transcript.find((i): i is ToolItem => i.kind === 'tool' && i.id === c.toolCallId) as ToolItem;
const text = (lines: string[]): string[] => lines.map((l) => strip(l)).filter((l) => l !== '');

describe('task block lines', () => {
  it('shows type and description with a live status line: the current call, turns so far, elapsed time', () => {
    const state = stampSubagentStarts(reduce([...taskStart(c), ...childStart(c), ...childTool(c, 'k1', 'read_file', 'src/a.ts'), ...childTool(c, 'k2', 'grep', 'loadConfig', true)]), 10_000);
    expect(text(itemToLines(blockOf(state), 80, '⠋', 22_500))).toEqual(['⠋ explore · find the config', '  ⎿ grep(loadConfig) · 1 turn · 12s']);
  });

  it('collapses to one line when done, and expands to the calls and the answer', () => {
    const events = [...taskStart(c), ...childStart(c), ...childTurn(c, 2, 1500), ...childTool(c, 'k1', 'read_file', 'src/a.ts'), ...childEnd(c, 'The config is read in load.ts.')];
    const done = blockOf(reduce(events));
    expect(text(itemToLines(done, 80, '⠋'))).toEqual(['✓ explore · find the config · 2 turns · 3.0k tokens · 4.2s']);
    expect(text(itemToLines({ ...done, expanded: true }, 80, '⠋'))).toEqual([
      '✓ explore · find the config · 2 turns · 3.0k tokens · 4.2s',
      '  ⎿ ✓ read_file(src/a.ts) · 12ms',
      '    The config is read in load.ts.',
    ]);
  });

  it('shows a failed child with ✗ and its reason when expanded', () => {
    const failed: AgentEvent[] = [
      ...taskStart(c), ...childStart(c),
      { type: 'run_end', runId: 'child-run', reason: 'context_full', text: '', turns: 1, usage: { inputTokens: 0, outputTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0 }, durationMs: 900, agentId: 'agent-1', parentToolCallId: c.toolCallId },
      { type: 'tool_end', runId: 'r1', toolCallId: c.toolCallId, name: 'task', result: { content: 'x', display: { kind: 'text', text: 'The explore subagent ran out of context before it finished.' }, isError: true }, durationMs: 950 },
    ];
    const item = blockOf(reduce(failed));
    expect(text(itemToLines(item, 80, '⠋'))).toEqual(['✗ explore · find the config · 1 turn · 0 tokens · 900ms']);
    expect(text(itemToLines({ ...item, expanded: true }, 80, '⠋'))[1]).toBe('  ⎿ The explore subagent ran out of context before it finished.');
  });

  it('keeps a background block live after its call returned, marked as background', () => {
    const bg = taskCall({ background: true });
    const state = reduce([...taskStart(bg), backgroundCallEnd(bg), ...childStart(bg), ...childTool(bg, 'k1', 'glob', '**/*.ts', true)]);
    const item = blockOf(state);
    expect(text(itemToLines(item, 80, '⠋'))).toEqual(['⠋ explore · find the config · background', '  ⎿ glob(**/*.ts) · 1 turn']);
  });
});

describe('task block in the app', () => {
  let app: AppHarness | undefined;
  afterEach(() => app?.cleanup());

  it('streams the status, lists the child in the sidebar, collapses when done and expands with Ctrl+O', async () => {
    const { session, step: release } = taskRun();
    app = await renderApp({ session, columns: 120, rows: 30 });
    await app.type('go');
    await app.press(keys.enter);
    const running = app.lastFrame();
    expect(running).toContain('explore · find the config');
    expect(running).toContain('⎿ grep(loadConfig) · 1 turn');
    expect(running).toContain('Subagents (1)');
    expect(running).toMatch(/● explore · find the config/);

    release();
    await app.press();
    const done = app.lastFrame();
    expect(done).toContain('✓ explore · find the config · 1 turn');
    expect(done).not.toContain('Subagents (1)');
    expect(done).not.toContain('read_file(src/config.ts)');

    await app.press(keys.ctrl('o'));
    const open = app.lastFrame();
    expect(open).toContain('⎿ ✓ read_file(src/config.ts)');
    expect(open).toContain('✓ grep(loadConfig)');
    expect(open).toContain('Config is loaded in load.ts.');
  });
});
