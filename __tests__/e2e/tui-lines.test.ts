// End-to-end: tool lines as a user reads them in the built CLI in tmux: paths relative to the workspace (absolute
// outside it), and a refused todo list shown as a short note while the panel keeps the engine's list.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startMockLlmServer } from '../support/mockLlmServer.js';
import { openRein, typeAndSend, useTuiFixture } from '../support/tmux.js';

const fx = useTuiFixture('lines');

const todo = (content: string, status: string) => ({ content, activeForm: `${content}ing`, status });

describe('tool lines in the TUI', () => {
  it('shows a workspace file relative to the workspace and a file outside it as an absolute path', async () => {
    mkdirSync(join(fx.cwd, 'src'));
    writeFileSync(join(fx.cwd, 'src', 'math.js'), 'export const add = (a, b) => a + b;\n');
    const outside = mkdtempSync(join(tmpdir(), 'rein-outside-'));
    writeFileSync(join(outside, 'notes.txt'), 'elsewhere\n');
    try {
      const server = await startMockLlmServer({ turns: [
        { toolCalls: [{ name: 'read_file', input: { path: join(fx.cwd, 'src', 'math.js') } }, { name: 'glob', input: { pattern: '*.txt', path: outside } }] },
        { text: 'Read both.' },
      ] });
      const p = await openRein(fx, server, ['--permission-mode', 'yolo']);
      await typeAndSend(p, 'look around');
      const screen = await p.waitFor('Read both.');
      expect(screen).toContain('✓ read_file(src/math.js)');
      expect(screen).not.toContain(`read_file(${fx.cwd}`);
      expect(screen).toContain(`glob(*.txt in ${outside})`);
    } finally {
      rmSync(outside, { recursive: true, force: true });
    }
  });

  it('a todo list completing several items at once is a short note, and the panel keeps the old list', async () => {
    const first = [todo('Read', 'in_progress'), todo('Edit', 'pending'), todo('Test', 'pending')];
    const batch = [todo('Read', 'completed'), todo('Edit', 'completed'), todo('Test', 'completed')];
    const server = await startMockLlmServer({ turns: [
      { toolCalls: [{ name: 'todo_write', input: { todos: first } }] },
      { toolCalls: [{ name: 'todo_write', input: { todos: batch } }] },
      { text: 'All done.' },
    ] });
    const p = await openRein(fx, server, ['--permission-mode', 'yolo']);
    await typeAndSend(p, 'do the three steps');
    const screen = await p.waitFor('All done.');
    expect(screen).toContain('· todo_write(3 items)');
    expect(screen).toContain('List not updated: 3 items were marked done at once; asked to mark them one by one.');
    expect(screen).not.toMatch(/✗ todo_write/);
    // The sidebar shows what the engine holds: the first list.
    expect(screen).toContain('Todos 0/3');
    expect(screen).toContain('◐ Reading');
  });
});
