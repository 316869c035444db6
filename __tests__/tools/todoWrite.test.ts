import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { builtinTools } from '../../source/tools/builtins.js';
import { ToolRegistry, runToolCall } from '../../source/tools/runner.js';
import { todoWriteTool } from '../../source/tools/todoWrite.js';
import type { TodoItem, TodoStatus } from '../../source/protocol/tools.js';
import { makeWorkspace, type TestWorkspace } from './helpers.js';

let ws: TestWorkspace;
beforeEach(async () => {
  ws = await makeWorkspace();
});
afterEach(() => ws.cleanup());

const todo = (content: string, status: TodoStatus = 'pending'): TodoItem => ({ content, status, activeForm: `Doing ${content}` });

describe('todo_write', () => {
  it('stores the list and summarizes it', async () => {
    const todos = [todo('Read code', 'completed'), todo('Fix bug', 'in_progress'), todo('Run tests')];
    const r = await todoWriteTool.execute({ todos }, ws.ctx());
    expect(r).toMatchObject({ isError: false, content: 'Todo list updated: 1 completed, 1 in progress, 1 pending. Now: Doing Fix bug.' });
    expect(r.display).toEqual({ kind: 'todos', todos });
    expect(ws.state.todos).toEqual(todos);
  });

  it('allows at most 20 items', async () => {
    const todos = Array.from({ length: 21 }, (_, i) => todo(`Step ${i}`));
    const r = await todoWriteTool.execute({ todos }, ws.ctx());
    expect(r).toMatchObject({ isError: true, content: 'todo_write takes at most 20 items and got 21; merge or drop some.' });
    expect(ws.state.todos).toEqual([]);
  });

  it('allows only one item in progress', async () => {
    const r = await todoWriteTool.execute({ todos: [todo('A', 'in_progress'), todo('B', 'in_progress')] }, ws.ctx());
    expect(r.isError).toBe(true);
    expect(r.content).toContain('Only one item may be in_progress at a time, but 2 are');
  });

  it('refuses completing several items in one call, matching items by content', async () => {
    await todoWriteTool.execute({ todos: [todo('A', 'in_progress'), todo('B'), todo('C')] }, ws.ctx());
    const batch = await todoWriteTool.execute({ todos: [todo('A', 'completed'), todo('B', 'completed'), todo('C')] }, ws.ctx());
    expect(batch.isError).toBe(true);
    expect(batch.content).toMatch(/^2 items were marked completed in one call/);
    const one = await todoWriteTool.execute({ todos: [todo('A', 'completed'), todo('B', 'in_progress'), todo('C')] }, ws.ctx());
    expect(one.isError).toBe(false);
    // A was already completed, so completing C alongside it is one new completion.
    const next = await todoWriteTool.execute({ todos: [todo('A', 'completed'), todo('B', 'completed'), todo('C', 'in_progress')] }, ws.ctx());
    expect(next.isError).toBe(false);
  });

  it('refuses blank content or activeForm', async () => {
    const r = await todoWriteTool.execute({ todos: [{ content: '  ', status: 'pending', activeForm: 'Doing' }] }, ws.ctx());
    expect(r).toMatchObject({ isError: true, content: 'Item 1 has an empty content or activeForm; give both a short text.' });
  });

  it('rejects a bad status through the runner with the allowed values', async () => {
    const registry = new ToolRegistry(builtinTools);
    const input = { todos: [{ content: 'A', status: 'done', activeForm: 'Aing' }] };
    const r = await runToolCall(registry, { id: 'c1', name: 'todo_write', input }, ws.ctx());
    expect(r.isError).toBe(true);
    expect(r.content).toContain('/todos/0/status: must be one of: "pending", "in_progress", "completed"');
  });

  it('clears the list with an empty array', async () => {
    await todoWriteTool.execute({ todos: [todo('A')] }, ws.ctx());
    const r = await todoWriteTool.execute({ todos: [] }, ws.ctx());
    expect(r.content).toBe('Todo list cleared.');
    expect(ws.state.todos).toEqual([]);
  });
});
