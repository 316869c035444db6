import { summarizeCall } from '../../source/engine/toolRound.js';
import { describe, expect, it } from 'vitest';
import { builtinToolNames, builtinTools } from '../../source/tools/builtins.js';
import { ToolRegistry } from '../../source/tools/runner.js';

describe('builtinTools', () => {
  it('has the final names in the fixed order', () => {
    expect(builtinToolNames).toEqual(['read_file', 'write_file', 'edit_file', 'glob', 'grep', 'bash', 'bash_output', 'kill_task', 'todo_write', 'web_fetch', 'ask_user', 'exit_plan_mode']);
  });

  it('keeps all schemas small enough for a compact first request', () => {
    const bytes = Buffer.byteLength(JSON.stringify(new ToolRegistry(builtinTools).schemas()));
    // With a short system prompt the first request must stay under 12 KB.
    expect(bytes).toBeLessThan(9_000);
  });

  it('marks which tools are read-only, what kind each is and which arguments name paths', () => {
    const flags = Object.fromEntries(builtinTools.map((t) => [t.name, [t.readOnly, t.kind ?? 'other', t.pathArguments ?? []]]));
    expect(flags).toEqual({
      read_file: [true, 'read', ['path']],
      write_file: [false, 'edit', ['path']],
      edit_file: [false, 'edit', ['path']],
      glob: [true, 'read', ['path']],
      grep: [true, 'read', ['path']],
      bash: [false, 'execute', []],
      bash_output: [true, 'other', []],
      kill_task: [false, 'other', []],
      todo_write: [true, 'other', []],
      web_fetch: [false, 'other', []],
      ask_user: [false, 'other', []],
      exit_plan_mode: [false, 'other', []],
    });
    expect(builtinTools.find((t) => t.name === 'web_fetch')?.urlArgument).toBe('url');
  });

  it('summarizes the key argument of each call', () => {
    const byName = new Map(builtinTools.map((t) => [t.name, t]));
    const same = (p: string) => p;
    expect(byName.get('bash')?.summarize?.({ command: 'npm test' }, same)).toBe('npm test');
    expect(byName.get('read_file')?.summarize?.({ path: 'src/a.ts' }, same)).toBe('src/a.ts');
    expect(byName.get('grep')?.summarize?.({ pattern: 'TODO', path: 'src' }, same)).toBe('TODO in src');
  });

  it('shows paths relative to the workspace inside it and absolute outside it', () => {
    const byName = new Map(builtinTools.map((t) => [t.name, t]));
    const where = { cwd: '/home/me/proj/sub', workspace: '/home/me/proj' };
    const line = (name: string, input: Record<string, unknown>) => summarizeCall(byName.get(name), input, where);
    expect(line('read_file', { path: '/home/me/proj/src/math.js' })).toBe('src/math.js');
    expect(line('edit_file', { path: 'x.ts' })).toBe('sub/x.ts');
    expect(line('write_file', { path: '/etc/hosts' })).toBe('/etc/hosts');
    expect(line('glob', { pattern: '**/*.ts', path: '/home/me/proj' })).toBe('**/*.ts in .');
    expect(line('grep', { pattern: 'TODO', path: '../../other' })).toBe('TODO in /home/me/other');
    // `..notes` is a name inside the workspace, not a step out of it.
    expect(line('read_file', { path: '/home/me/proj/..notes' })).toBe('..notes');
  });
});
