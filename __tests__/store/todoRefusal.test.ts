// A todo_write refused for completing several items at once is a short note, not a red failure, and the panel
// shows the list the engine still holds.
import { stripVTControlCharacters } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { applyEvent } from '../../source/store/applyEvent.js';
import { initialState, type ToolItem } from '../../source/store/state.js';
import { toolToLines } from '../../components/view/toolLines.js';
import { makeHarness, runPrompt, type Harness } from '../support/engineHarness.js';

let h: Harness | undefined;
afterEach(async () => {
  await h?.cleanup();
  h = undefined;
});

const item = (content: string, status: 'pending' | 'in_progress' | 'completed') => ({ content, status, activeForm: `${content}ing` });

describe('a refused todo_write', () => {
  it('shows as a note, and the panel keeps the list the engine holds', async () => {
    const first = [item('Read', 'in_progress'), item('Edit', 'pending'), item('Test', 'pending')];
    const batch = [item('Read', 'completed'), item('Edit', 'completed'), item('Test', 'completed')];
    h = makeHarness([
      { toolCalls: [{ name: 'todo_write', input: { todos: first } }] },
      { toolCalls: [{ name: 'todo_write', input: { todos: batch } }] },
      { text: 'done' },
    ]);
    const events = await runPrompt(h.session, 'do it');
    let state = initialState(h.session.settings.info);
    for (const event of events) state = applyEvent(state, event);
    // The engine kept the first list; so does the panel.
    expect(state.todos.map((t) => t.status)).toEqual(['in_progress', 'pending', 'pending']);
    const tools = state.transcript.filter((i): i is ToolItem => i.kind === 'tool');
    expect(tools.map((t) => t.status)).toEqual(['done', 'noted']);
    const lines = toolToLines(tools[1], 120, '⠋').map((l) => stripVTControlCharacters(l));
    expect(lines[0]).toMatch(/^· todo_write\(3 items\)/);
    expect(lines[1]).toContain('List not updated: 3 items were marked done at once; asked to mark them one by one.');
    expect(lines.join('\n')).not.toContain('✗');
    // The model still gets the reason and the rule.
    const results = JSON.stringify(h.provider.requests[2].messages.at(-1));
    expect(results).toContain('mark each item completed right after finishing it');
  });
});
