import { describe, expect, it } from 'vitest';
import { assignToolNames, baseToolName, maxToolNameLength } from '../../source/protocol/mcpToolNames.js';
import { adaptInputSchema, resultToToolResult } from '../../source/mcp/toolAdapter.js';

describe('MCP tool names', () => {
  it('prefixes mcp__<server>__<tool> and replaces what providers refuse', () => {
    expect(baseToolName({ server: 'github', tool: 'create_issue' })).toBe('mcp__github__create_issue');
    expect(baseToolName({ server: 'my server.v2', tool: 'do/it:now' })).toBe('mcp__my_server_v2__do_it_now');
    expect(baseToolName({ server: 'everything', tool: 'get-sum' })).toBe('mcp__everything__get-sum');
  });

  it('cuts long names to 64 characters with a hash of the original, different for different tools', () => {
    const a = baseToolName({ server: 'a-rather-long-server-name', tool: 'x'.repeat(60) });
    const b = baseToolName({ server: 'a-rather-long-server-name', tool: `${'x'.repeat(59)}y` });
    expect(a).toHaveLength(maxToolNameLength);
    expect(a).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(a).not.toBe(b);
    expect(baseToolName({ server: 'a-rather-long-server-name', tool: 'x'.repeat(60) })).toBe(a);
  });

  it('resolves clashes the same way whatever order the tools come in', () => {
    const refs = [
      { server: 's', tool: 'a.b' },
      { server: 's', tool: 'a_b' },
      { server: 's', tool: 'a b' },
    ];
    const one = assignToolNames(refs);
    const two = assignToolNames([...refs].reverse());
    expect([...one.entries()].sort()).toEqual([...two.entries()].sort());
    expect(new Set(one.values()).size).toBe(3);
    expect(one.get('s\0a b')).toBe('mcp__s__a_b');
    expect(one.get('s\0a.b')).toBe('mcp__s__a_b_2');
    expect(one.get('s\0a_b')).toBe('mcp__s__a_b_3');
  });

  it('never takes a reserved (built-in) name', () => {
    const names = assignToolNames([{ server: 's', tool: 't' }], new Set(['mcp__s__t']));
    expect(names.get('s\0t')).toBe('mcp__s__t_2');
  });
});

describe('MCP tool results and schemas', () => {
  it('joins text, turns images into a placeholder and resources into text, and honours isError', () => {
    const result = resultToToolResult({
      isError: true,
      content: [
        { type: 'text', text: 'first' },
        { type: 'image', data: 'AAAA', mimeType: 'image/png' },
        { type: 'resource_link', uri: 'file:///a.txt', name: 'a.txt', mimeType: 'text/plain' },
        { type: 'resource', resource: { uri: 'mem://note', text: 'note body' } },
      ],
    });
    expect(result.isError).toBe(true);
    expect(result.images).toEqual([{ type: 'image', mediaType: 'image/png', data: 'AAAA' }]);
    expect(result.display).toEqual({ kind: 'text', text: expect.stringMatching(/\n\[image image\/png, 3 B: sent to the model\]$/) });
    expect(result.content.split('\n')).toEqual([
      'first',
      '[resource link] a.txt: file:///a.txt (text/plain)',
      '[resource mem://note]',
      'note body',
    ]);
  });

  it('passes a schema on as given, dropping only $schema and ensuring an object', () => {
    const schema = { $schema: 'http://json-schema.org/draft-07/schema#', type: 'object' as const, properties: { q: { type: 'string', minLength: 2 } }, required: ['q'] };
    expect(adaptInputSchema(schema)).toEqual({ type: 'object', properties: { q: { type: 'string', minLength: 2 } }, required: ['q'] });
    expect(adaptInputSchema({ type: 'object' })).toEqual({ type: 'object', properties: {} });
  });

  it('folds top-level anyOf/allOf into one object schema, which Anthropic requires', () => {
    const schema = {
      type: 'object' as const,
      anyOf: [{ properties: { id: { type: 'string' } }, required: ['id'] }, { properties: { name: { type: 'string' } }, required: ['name'] }],
      allOf: [{ properties: { limit: { type: 'integer' } }, required: ['limit'] }],
    };
    expect(adaptInputSchema(schema)).toEqual({
      type: 'object',
      properties: { id: { type: 'string' }, name: { type: 'string' }, limit: { type: 'integer' } },
      required: ['limit'],
    });
  });
});
