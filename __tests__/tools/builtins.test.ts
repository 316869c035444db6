import { describe, expect, it } from 'vitest';
import { builtinToolNames, builtinTools } from '../../source/tools/builtins.js';
import { ToolRegistry } from '../../source/tools/runner.js';

describe('builtinTools', () => {
  it('has the final names in the fixed order', () => {
    expect(builtinToolNames).toEqual(['read_file', 'write_file', 'edit_file', 'glob', 'grep', 'bash', 'bash_output', 'kill_task', 'todo_write']);
  });

  it('keeps all schemas small enough for a compact first request', () => {
    const bytes = Buffer.byteLength(JSON.stringify(new ToolRegistry(builtinTools).schemas()));
    // With a short system prompt the first request must stay under 12 KB.
    expect(bytes).toBeLessThan(9_000);
  });

  it('marks which tools are read-only and which edit files', () => {
    const flags = Object.fromEntries(builtinTools.map((t) => [t.name, [t.readOnly, t.editsFiles === true]]));
    expect(flags).toEqual({
      read_file: [true, false],
      write_file: [false, true],
      edit_file: [false, true],
      glob: [true, false],
      grep: [true, false],
      bash: [false, false],
      bash_output: [true, false],
      kill_task: [false, false],
      todo_write: [true, false],
    });
  });

  it('summarizes the key argument of each call', () => {
    const byName = new Map(builtinTools.map((t) => [t.name, t]));
    expect(byName.get('bash')?.summarize?.({ command: 'npm test' })).toBe('npm test');
    expect(byName.get('read_file')?.summarize?.({ path: 'src/a.ts' })).toBe('src/a.ts');
    expect(byName.get('grep')?.summarize?.({ pattern: 'TODO', path: 'src' })).toBe('TODO in src');
  });
});
