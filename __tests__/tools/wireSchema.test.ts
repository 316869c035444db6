// The schemas sent to the model leave out `additionalProperties: false`, while the argument check still refuses
// an unknown argument by name; the structured answer's schema goes out whole.
import { describe, expect, it } from 'vitest';
import { builtinTools } from '../../source/tools/builtins.js';
import { ToolRegistry, runToolCall } from '../../source/tools/runner.js';
import { structuredOutputTool } from '../../source/tools/structuredOutput.js';
import { makeWorkspace } from './helpers.js';

const closed = (schema: unknown): boolean => JSON.stringify(schema).includes('"additionalProperties":false');

describe('wire schemas', () => {
  it('built-in tools are sent without additionalProperties: false, and their own schemas keep it', () => {
    const registry = new ToolRegistry(builtinTools);
    const sent = registry.schemas();
    expect(sent.map((s) => s.name)).toEqual(builtinTools.map((t) => t.name));
    for (const schema of sent) expect(closed(schema.inputSchema)).toBe(false);
    // ask_user nests objects three deep: every level is lean on the wire, none in the tool itself.
    expect(closed(builtinTools.find((t) => t.name === 'ask_user')!.inputSchema)).toBe(true);
    const ask = JSON.stringify(sent.find((s) => s.name === 'ask_user')!.inputSchema);
    expect(ask).toContain('"required":["label"]');
  });

  it('an unknown argument is still refused, naming it', async () => {
    const ws = await makeWorkspace();
    try {
      await ws.write('a.txt', 'hello\n');
      const result = await runToolCall(new ToolRegistry(builtinTools), { id: 'c1', name: 'read_file', input: { path: 'a.txt', recursive: true } }, ws.ctx());
      expect(result.isError).toBe(true);
      expect(result.content).toContain('/recursive: is not a known argument');
    } finally {
      await ws.cleanup();
    }
  });

  it('the structured answer keeps the user\'s schema as written', () => {
    const schema = { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'], additionalProperties: false };
    const [sent] = new ToolRegistry([structuredOutputTool(schema, () => {})]).schemas();
    expect(sent.inputSchema).toEqual(schema);
  });
});
