// End-to-end: six real MCP servers at once through the built CLI and both real SDK clients. Their tools are not all
// sent: the model finds one with mcp_tool_search and calls it through mcp_call; the tool list stays byte-stable, and
// a proxied call meets the same permission rules as the tool called by its own name.
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { execa } from 'execa';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startMockLlmServer, type MockLlmServer, type MockTurn, type RecordedRequest } from '../support/mockLlmServer.js';
import { everythingBin, filesystemBin } from '../support/mcpServers.js';

const cli = resolve('dist/cli.js');
let repo: string;
let home: string;
let config: string;
const servers: MockLlmServer[] = [];

beforeEach(() => {
  repo = mkdtempSync(join(tmpdir(), 'rein-mcpsearch-repo-'));
  home = mkdtempSync(join(tmpdir(), 'rein-mcpsearch-home-'));
  config = join(home, 'servers.json');
  const everything = { command: everythingBin, args: [] };
  const files = { command: filesystemBin, args: [repo] };
  writeFileSync(config, JSON.stringify({ mcpServers: { alpha: everything, beta: everything, gamma: everything, files1: files, files2: files, files3: files } }));
});

afterEach(async () => {
  for (const server of servers.splice(0)) await server.close();
  rmSync(repo, { recursive: true, force: true });
  rmSync(home, { recursive: true, force: true });
});

type Format = 'anthropic' | 'openai';

async function run(format: Format, turns: MockTurn[], extra: string[] = []) {
  const server = await startMockLlmServer({ turns });
  servers.push(server);
  const baseUrl = format === 'anthropic' ? server.anthropicBaseUrl : server.openaiBaseUrl;
  const result = await execa('node', [cli, '-p', 'use the tools', '--provider', format, '--base-url', baseUrl, '--model', 'test-model', '--mcp-config', config, ...extra], {
    cwd: repo, reject: false,
    // Every server is waited for before the first request: this test is about their tools once they are up.
    env: { REIN_HOME: home, HOME: home, ANTHROPIC_API_KEY: 'sk-ant-test', OPENAI_API_KEY: 'sk-test', DEEPSEEK_API_KEY: '', MCP_CONNECTION_NONBLOCKING: 'false' },
    extendEnv: true, timeout: 120_000,
  });
  return { result, requests: server.requests };
}

const toolNames = (r: RecordedRequest): string[] => (r.body.tools as Array<{ name?: string; function?: { name: string } }>).map((t) => t.name ?? t.function?.name ?? '');

/** The text of the last tool result the request carries, in either wire format. */
function lastToolResult(r: RecordedRequest): string {
  const messages = r.body.messages as Array<{ role: string; content: unknown }>;
  const last = messages.at(-1);
  if (r.format === 'openai') return String(messages.filter((m) => m.role === 'tool').at(-1)?.content ?? '');
  const blocks = (last?.content ?? []) as Array<{ type: string; content?: unknown }>;
  const result = blocks.find((b) => b.type === 'tool_result');
  return typeof result?.content === 'string' ? result.content : JSON.stringify(result?.content ?? '');
}

describe.each(['openai', 'anthropic'] as const)('many MCP tools (%s)', (format) => {
  it('sends a search tool and one proxy instead of 60-odd schemas, finds echo, and calls it through the proxy', async () => {
    const { result, requests } = await run(format, [
      { toolCalls: [{ name: 'mcp_tool_search', input: { query: 'echo message back' } }] },
      { toolCalls: [{ name: 'mcp_call', input: { tool: 'mcp__beta__echo', arguments: { message: 'found by search' } } }] },
      { toolCalls: [{ name: 'mcp_call', input: { tool: 'mcp__beta__no_such_tool', arguments: {} } }] },
      { text: 'done' },
    ]);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(requests).toHaveLength(4);
    const names = toolNames(requests[0]);
    expect(names).toContain('mcp_tool_search');
    expect(names).toContain('mcp_call');
    expect(names.filter((n) => n.startsWith('mcp__'))).toEqual([]);
    // The tool list is the same bytes in every request: the cached prefix survives a tool found and called.
    for (const r of requests.slice(1)) expect(JSON.stringify(r.body.tools)).toBe(JSON.stringify(requests[0].body.tools));
    const searchTool = (requests[0].body.tools as Array<Record<string, any>>).find((t) => (t.name ?? t.function?.name) === 'mcp_tool_search');
    expect(JSON.stringify(searchTool)).toMatch(/alpha \(\d+\), beta \(\d+\), files1 \(\d+\)/);

    const found = lastToolResult(requests[1]);
    expect(found).toContain('mcp__alpha__echo: ');
    expect(found).toContain('"message"');
    expect(lastToolResult(requests[2])).toContain('found by search');
    expect(lastToolResult(requests[3])).toContain('There is no MCP tool named "mcp__beta__no_such_tool"');
  });
});

describe('a call through the MCP proxy', () => {
  it('is refused headless like the tool itself unless a rule allows that tool by its own name', async () => {
    const write = (path: string): MockTurn => ({ toolCalls: [{ name: 'mcp_call', input: { tool: 'mcp__files2__write_file', arguments: { path, content: 'x' } } }] });
    const denied = await run('openai', [write(join(repo, 'denied.txt')), { text: 'done' }], ['--permission-mode', 'ask']);
    expect(denied.result.exitCode, denied.result.stderr).toBe(0);
    expect(existsSync(join(repo, 'denied.txt'))).toBe(false);
    expect(lastToolResult(denied.requests[1])).toMatch(/mcp__files2__write_file/);

    const allowed = await run('openai', [write(join(repo, 'allowed.txt')), { text: 'done' }], ['--permission-mode', 'ask', '--allowedTools', 'mcp__files2__write_file']);
    expect(allowed.result.exitCode, allowed.result.stderr).toBe(0);
    expect(existsSync(join(repo, 'allowed.txt'))).toBe(true);
  });
});
