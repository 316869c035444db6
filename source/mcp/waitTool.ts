// wait_for_mcp_servers (Claude Code's WaitForMcpServers): the model's way to wait for a server still starting whose
// tools it needs. Offered only while a server is starting; the servers' tools join the list at the next turn.
import { defineTool, type AnyTool } from '../tools/types.js';
import type { McpSessionSource } from './types.js';

export const waitToolName = 'wait_for_mcp_servers';
/** Claude Code waits at most this long per call (measured on 2.1.197). */
const waitLimitMs = 5_000;

interface WaitArgs {
  servers?: string[];
}

/** The names of the servers still starting. */
export function pendingServers(source: McpSessionSource): string[] {
  return source.status().filter((s) => s.status === 'connecting').map((s) => s.name);
}

/** For a call of `mcp__<server>__…` that is no tool yet: the server is starting, and how to wait for it. */
export function pendingToolHint(source: McpSessionSource, toolName: string): string | undefined {
  const server = /^mcp__(.+?)__/.exec(toolName)?.[1];
  if (!server) return undefined;
  const pending = pendingServers(source).find((name) => name === server || name.replace(/[^A-Za-z0-9_-]/g, '_') === server);
  return pending ? `The MCP server '${pending}' is still connecting. Call ${waitToolName} to wait for it, then try again.` : undefined;
}

export function createWaitTool(source: McpSessionSource): AnyTool {
  return defineTool<WaitArgs>({
    name: waitToolName,
    description: [
      'Wait for MCP servers that are still connecting and whose tools are not yet in your tool list. Pass `servers` to wait',
      'for specific ones, or omit it to wait for all pending servers.',
      '',
      'If the user\'s request needs tools from a still-connecting server, call this tool to wait for it. Once it connects,',
      'its tools will be added to your tool list and you can use them directly. Returns ready=true when servers are ready,',
      'ready=false if they failed to connect or are disabled.',
    ].join('\n'),
    inputSchema: {
      type: 'object',
      properties: { servers: { type: 'array', items: { type: 'string' }, description: 'Server names to wait for (default: all pending)' } },
      additionalProperties: false,
    },
    readOnly: true,
    timeoutMs: waitLimitMs + 5_000,
    summarize: (args) => (args.servers?.length ? args.servers.join(', ') : 'all starting servers'),
    async execute(args, ctx) {
      const names = args.servers?.length ? args.servers : pendingServers(source);
      // A controller of its own (not AbortSignal.any, whose signal Node may collect while it is still awaited).
      const deadline = new AbortController();
      const timer = setTimeout(() => deadline.abort(), waitLimitMs);
      const stop = () => deadline.abort();
      ctx.signal.addEventListener('abort', stop, { once: true });
      try {
        await Promise.all(names.map((name) => source.settled(name, deadline.signal)));
      } finally {
        clearTimeout(timer);
        ctx.signal.removeEventListener('abort', stop);
      }
      const status = new Map(source.status().map((s) => [s.name, s.status]));
      const group = (wanted: string) => names.filter((n) => status.get(n) === wanted);
      const connected = group('connected');
      const failed = group('failed');
      const pending = group('connecting');
      const disabled = names.filter((n) => status.get(n) === 'disabled' || status.get(n) === 'needs-trust');
      const unknown = names.filter((n) => !status.has(n));
      const ready = failed.length + pending.length + disabled.length + unknown.length === 0;
      const lines = [
        `ready: ${ready}`,
        connected.length ? `Connected (their tools are now available — call them directly): ${connected.join(', ')}` : '',
        failed.length ? `Failed to connect: ${failed.join(', ')}` : '',
        pending.length ? `Still connecting (try again or proceed without): ${pending.join(', ')}` : '',
        disabled.length ? `Disabled or not trusted (ask the user to enable it with /mcp or to trust the project): ${disabled.join(', ')}` : '',
        unknown.length ? `Unknown (no MCP server with this name is configured): ${unknown.join(', ')}` : '',
      ].filter(Boolean);
      const text = lines.join('\n');
      return { content: text, display: { kind: 'text', text: ready ? `ready: ${connected.join(', ') || 'nothing to wait for'}` : text.split('\n').slice(1).join('; ') }, isError: !ready };
    },
  });
}
