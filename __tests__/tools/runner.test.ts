import { promises as fs } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { builtinTools } from '../../source/tools/builtins.js';
import { readFileTool } from '../../source/tools/readFile.js';
import { ToolRegistry, runToolCall, validateToolInput } from '../../source/tools/runner.js';
import { defineTool, textResult, type AnyTool } from '../../source/tools/types.js';
import { makeWorkspace, type TestWorkspace } from './helpers.js';

const throwsString = defineTool<Record<string, never>>({
  name: 'throws_string',
  description: 'test tool that throws a non-Error',
  inputSchema: { type: 'object', properties: {} },
  readOnly: true,
  async execute() {
    throw 'disk on fire';
  },
});

const throwsObject = defineTool<Record<string, never>>({
  name: 'throws_object',
  description: 'test tool that throws a plain object',
  inputSchema: { type: 'object', properties: {} },
  readOnly: true,
  async execute() {
    throw { code: 42 };
  },
});

/** Never finishes unless its signal is aborted; records that it saw the abort. */
const seenAborts: string[] = [];
const hangs = defineTool<{ label?: string }>({
  name: 'hangs',
  description: 'test tool that waits for its signal',
  inputSchema: { type: 'object', properties: { label: { type: 'string' } } },
  readOnly: true,
  timeoutMs: 50,
  execute: (args, ctx) =>
    new Promise(() => {
      ctx.signal.addEventListener('abort', () => seenAborts.push(args.label ?? 'hangs'));
      ctx.onProgress('started');
    }),
});

const echo = defineTool<{ text: string; count?: number }>({
  name: 'echo',
  description: 'test tool that repeats text',
  inputSchema: {
    type: 'object',
    properties: { text: { type: 'string' }, count: { type: 'integer', minimum: 1 } },
    required: ['text'],
    additionalProperties: false,
  },
  readOnly: true,
  async execute(args) {
    return textResult(Array.from({ length: args.count ?? 1 }, (_, i) => `${args.text} ${i + 1}`).join('\n'));
  },
});

let ws: TestWorkspace;
let registry: ToolRegistry;
beforeEach(async () => {
  ws = await makeWorkspace();
  registry = new ToolRegistry([...builtinTools, throwsString, throwsObject, hangs, echo] as AnyTool[]);
  seenAborts.length = 0;
});
afterEach(() => ws.cleanup());

describe('ToolRegistry', () => {
  it('keeps schema order and refuses duplicate names', () => {
    const names = registry.schemas().map((s) => s.name);
    expect(names.slice(0, 3)).toEqual(['read_file', 'write_file', 'edit_file']);
    expect(names.at(-1)).toBe('echo');
    // The same object on every call: the request prefix stays byte-stable.
    expect(registry.schemas()[0].inputSchema).toBe(registry.schemas()[0].inputSchema);
    expect(registry.schemas()[0].inputSchema).toMatchObject({ properties: readFileTool.inputSchema.properties });
    expect(() => new ToolRegistry([echo, echo] as AnyTool[])).toThrow(/unique/);
  });
});

describe('runToolCall', () => {
  it('names the known tools for an unknown tool', async () => {
    const result = await runToolCall(registry, { id: 'c1', name: 'read_fiel', input: {} }, ws.ctx());
    expect(result.isError).toBe(true);
    expect(result.content).toContain('Unknown tool `read_fiel`');
    expect(result.content).toContain('read_file, write_file, edit_file');
  });

  it('reports arguments that were not valid JSON, quoting what arrived', async () => {
    const result = await runToolCall(registry, { id: 'c1', name: 'read_file', input: { __invalidJson: '{"path": "a.ts' } }, ws.ctx());
    expect(result.isError).toBe(true);
    expect(result.content).toMatch(/not valid JSON/);
    expect(result.content).toContain('{"path": "a.ts');
  });

  it('lists each invalid path and problem plus the input received', async () => {
    const input = { offset: 0, limit: 'many', extra: true };
    const result = await runToolCall(registry, { id: 'c1', name: 'read_file', input }, ws.ctx());
    expect(result.isError).toBe(true);
    expect(result.content).toContain('/path: is required');
    expect(result.content).toContain('/offset: must be >= 1');
    expect(result.content).toContain('/limit: must be integer');
    expect(result.content).toContain('/extra: is not a known argument');
    expect(result.content).toContain(`Received: ${JSON.stringify(input)}`);
    expect(await validateToolInput(readFileTool, { path: 'a' })).toBeUndefined();
    expect(await validateToolInput(readFileTool, { path: 3, offset: -1 })).toMatch(/\/offset: must be >= 1/);
  });

  it('coerces numeric strings without changing the input it was given', async () => {
    const input = { text: 'hi', count: '2' };
    const result = await runToolCall(registry, { id: 'c1', name: 'echo', input }, ws.ctx());
    expect(result).toMatchObject({ isError: false, content: 'hi 1\nhi 2' });
    expect(input.count).toBe('2');
  });

  it('turns a non-Error throw into a tool crash result', async () => {
    const a = await runToolCall(registry, { id: 'c1', name: 'throws_string', input: {} }, ws.ctx());
    expect(a).toMatchObject({ isError: true, content: '[tool crash] disk on fire' });
    const b = await runToolCall(registry, { id: 'c2', name: 'throws_object', input: {} }, ws.ctx());
    expect(b).toMatchObject({ isError: true, content: '[tool crash] {"code":42}' });
  });

  it('times out a tool and aborts its signal', async () => {
    const result = await runToolCall(registry, { id: 'c1', name: 'hangs', input: { label: 't' } }, ws.ctx());
    expect(result).toMatchObject({ isError: true, content: '[timeout] hangs did not finish within 0.05 s' });
    expect(seenAborts).toEqual(['t']);
  });

  it('returns "interrupted" when the run is aborted, and passes the abort to the tool', async () => {
    const controller = new AbortController();
    // Abort as soon as the tool has started, well before its own 50 ms timeout.
    const onProgress = (): void => controller.abort();
    const result = await runToolCall(registry, { id: 'c1', name: 'hangs', input: { label: 'a' } }, ws.ctx({ signal: controller.signal, onProgress }));
    expect(result).toMatchObject({ isError: true, content: 'interrupted' });
    expect(seenAborts).toEqual(['a']);
    const already = await runToolCall(registry, { id: 'c2', name: 'echo', input: { text: 'x' } }, ws.ctx({ signal: controller.signal }));
    expect(already.content).toBe('interrupted');
  });

  it('replaces empty output with an explicit line', async () => {
    const result = await runToolCall(registry, { id: 'c1', name: 'bash', input: { command: 'true' } }, ws.ctx());
    expect(result).toMatchObject({ isError: false, content: '(no output)' });
    expect(result.display).toEqual({ kind: 'text', text: '(no output)' });
  });

  it('cuts huge output to head and tail and saves the full text where read_file can read it', async () => {
    const command = 'seq 1 50000';
    const result = await runToolCall(registry, { id: 'call/huge', name: 'bash', input: { command } }, ws.ctx());
    expect(result.isError).toBe(false);
    const lines = result.content.split('\n');
    expect(lines[0]).toBe('1');
    expect(lines.at(-1)).toBe('50000');
    expect(result.content).not.toContain('\n25000\n');
    const marker = lines.find((line) => line.startsWith('[… '));
    expect(marker).toMatch(/lines cut … the full output is saved at (.+\.txt); read it with read_file/);
    const saved = /saved at (\S+\.txt);/.exec(marker ?? '')?.[1] ?? '';
    expect(saved.startsWith(`${ws.sessionDir}/outputs/`)).toBe(true);
    const full = await fs.readFile(saved, 'utf8');
    expect(full.split('\n').filter(Boolean)).toHaveLength(50000);
    expect(result.display.kind === 'text' && result.display.text.length).toBeLessThan(40_000);

    const page = await runToolCall(registry, { id: 'c2', name: 'read_file', input: { path: saved, offset: 25000, limit: 2 } }, ws.ctx());
    expect(page.isError).toBe(false);
    expect(page.content).toContain(' 25000\t25000\n 25001\t25001');
  });
});
