// When MCP tools leave the request (more than 20, or more than 10% of the window), how search finds them, and how
// a proxy call becomes the tool's own call.
import { describe, expect, it } from 'vitest';
import { mcpToolSet, proxyToolName, registryWithSearch, searchTools, searchToolName, shouldDefer, unwrapProxyCall } from '../../source/mcp/toolSearch.js';
import { ToolRegistry } from '../../source/tools/runner.js';
import { textResult, type AnyTool } from '../../source/tools/types.js';

const tool = (name: string, description: string, extra = ''): AnyTool => ({
  name, description,
  inputSchema: { type: 'object', properties: { text: { type: 'string', description: extra } } },
  readOnly: true,
  summarize: () => name,
  execute: () => Promise.resolve(textResult(name)),
}) as AnyTool;

const many = (n: number): AnyTool[] => Array.from({ length: n }, (_, i) => tool(`mcp__srv__t${i}`, `tool number ${i}`));

describe('MCP tool search', () => {
  it('defers past 20 tools, or past 10% of a known window at four characters a token', () => {
    expect(shouldDefer(many(20), undefined)).toBe(false);
    expect(shouldDefer(many(21), undefined)).toBe(true);
    const big = [tool('mcp__srv__big', 'big', 'x'.repeat(4_500))];
    expect(shouldDefer(big, 10_000)).toBe(true);
    expect(shouldDefer(big, 100_000)).toBe(false);
    expect(shouldDefer(big, undefined)).toBe(false);
  });

  it('follows ENABLE_TOOL_SEARCH as Claude Code does: false never, true always, auto:N at N% of the window', () => {
    expect(shouldDefer(many(40), undefined, 'false')).toBe(false);
    expect(shouldDefer(many(2), undefined, 'true')).toBe(true);
    expect(shouldDefer([], undefined, 'true')).toBe(false);
    const big = [tool('mcp__srv__big', 'big', 'x'.repeat(4_500))];
    expect(shouldDefer(big, 100_000, 'auto:1')).toBe(true);
    expect(shouldDefer(many(40), 1_000_000, 'auto:50')).toBe(false);
  });

  it('lists the search tool and the proxy instead, and the registry still runs the deferred tools by name', () => {
    const { listed, deferred } = mcpToolSet(many(30), undefined);
    expect(listed.map((t) => t.name)).toEqual([searchToolName, proxyToolName]);
    const registry = new ToolRegistry(listed, undefined, deferred);
    expect(registry.schemas().map((s) => s.name)).toEqual([searchToolName, proxyToolName]);
    expect(registry.get('mcp__srv__t7')?.name).toBe('mcp__srv__t7');
    expect(registry.isUnlisted('mcp__srv__t7')).toBe(true);
    expect(mcpToolSet(many(3), undefined).listed.map((t) => t.name)).toEqual(['mcp__srv__t0', 'mcp__srv__t1', 'mcp__srv__t2']);
  });

  it('builds a subagent\'s registry the same way: built-in tools listed, MCP tools behind search past the threshold', () => {
    const builtin = tool('read_file', 'Read a file');
    const registry = registryWithSearch([builtin, ...many(25)], undefined);
    expect(registry.schemas().map((s) => s.name)).toEqual(['read_file', searchToolName, proxyToolName]);
    expect(registry.isUnlisted('mcp__srv__t24')).toBe(true);
    expect(registryWithSearch([builtin, ...many(2)], undefined).schemas().map((s) => s.name)).toEqual(['read_file', 'mcp__srv__t0', 'mcp__srv__t1']);
  });

  it('ranks a match in the name above one in the description, and takes exact names after select:', () => {
    const tools = [tool('mcp__git__status', 'Show the working tree'), tool('mcp__fs__read_file', 'Read a file; shows its status line'), tool('mcp__fs__write_file', 'Write a file')];
    expect(searchTools(tools, 'status').map((t) => t.name)).toEqual(['mcp__git__status', 'mcp__fs__read_file']);
    expect(searchTools(tools, 'write file').map((t) => t.name)).toEqual(['mcp__fs__write_file', 'mcp__fs__read_file']);
    expect(searchTools(tools, 'select:mcp__fs__write_file, mcp__git__status').map((t) => t.name)).toEqual(['mcp__git__status', 'mcp__fs__write_file']);
    expect(searchTools(tools, 'kubernetes')).toEqual([]);
    expect(searchTools(many(30), 'tool', 4)).toHaveLength(4);
  });

  it('turns a proxy call of a deferred tool into that tool\'s own call, and leaves any other call alone', () => {
    const deferred = (name: string) => name === 'mcp__srv__t1';
    const call = { id: 'c1', name: proxyToolName, input: { tool: 'mcp__srv__t1', arguments: { text: 'hi' } } };
    expect(unwrapProxyCall(call, deferred)).toEqual({ id: 'c1', name: 'mcp__srv__t1', input: { text: 'hi' } });
    const unknown = { id: 'c2', name: proxyToolName, input: { tool: 'mcp__srv__t9', arguments: {} } };
    expect(unwrapProxyCall(unknown, deferred)).toBe(unknown);
    // A built-in tool is never reached through the proxy (it would dodge nothing, but the proxy is for MCP tools).
    const builtin = { id: 'c3', name: proxyToolName, input: { tool: 'bash', arguments: { command: 'ls' } } };
    expect(unwrapProxyCall(builtin, deferred)).toBe(builtin);
  });
});
