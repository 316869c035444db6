// Six real MCP servers configured at once (server-everything and server-filesystem, three of each): the first
// request with MCP tool search (the default) against every schema sent (ENABLE_TOOL_SEARCH=false), both wire formats.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { firstRequest, requestParts } from './firstRequest.js';
import { kb, row } from './stats.js';

const bin = (name: string) => resolve('node_modules/.bin', name);

export async function benchMcpMany(): Promise<string[]> {
  const dir = mkdtempSync(join(tmpdir(), 'rein-bench-mcp-many-'));
  const config = join(dir, 'servers.json');
  const everything = { command: bin('mcp-server-everything'), args: [] };
  const files = { command: bin('mcp-server-filesystem'), args: [dir] };
  writeFileSync(config, JSON.stringify({ mcpServers: { e1: everything, e2: everything, e3: everything, f1: files, f2: files, f3: files } }));
  const out = ['first request with six MCP servers configured (3 × server-everything, 3 × server-filesystem), servers waited for'];
  try {
    for (const format of ['openai', 'anthropic'] as const) {
      // MCP_CONNECTION_NONBLOCKING=false: the first request carries the servers' tools, as a later turn would.
      const args = ['--mcp-config', config];
      const wait = { MCP_CONNECTION_NONBLOCKING: 'false' };
      const searched = await firstRequest(format, args, undefined, wait);
      const all = await firstRequest(format, args, undefined, { ...wait, ENABLE_TOOL_SEARCH: 'false' });
      const mcpCount = requestParts(all).tools.filter((t) => t.name.startsWith('mcp__')).length;
      out.push(
        row(`  ${format}: with tool search`, `${kb(searched.bytes)} (${requestParts(searched).tools.length} tools)`, 'not every MCP schema sent'),
        row(`    every schema sent (ENABLE_TOOL_SEARCH=false)`, `${kb(all.bytes)} (${mcpCount} MCP tools)`),
      );
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return out;
}
