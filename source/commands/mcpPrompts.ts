// Each MCP server prompt as a slash command `/mcp__server__prompt [args]`; the engine fetches the prompt when the
// message is sent (see source/engine/sessionMcp.ts), so the command only sends what was typed.
import type { McpControl } from '../engine/session/types.js';
import type { CommandList } from './commandList.js';
import type { SlashCommand } from './slashCommand.js';

export function mcpPromptCommands(mcp: McpControl | undefined): SlashCommand[] {
  return (mcp?.promptCommands() ?? []).map((p) => ({
    name: p.command,
    ...(p.arguments.length > 0 ? { argsHint: p.arguments.map((a) => (a.required ? `<${a.name}>` : `[${a.name}]`)).join(' ') } : {}),
    description: `${p.description ?? `prompt ${p.prompt}`} (MCP ${p.server})`,
    run(ctx, args) {
      ctx.send(args === '' ? `/${p.command}` : `/${p.command} ${args}`);
    },
  }));
}

/**
 * Keeps the session's command list holding the MCP prompts of the moment: refreshed on every MCP status change,
 * since servers connect after the screen opens. Returns an unsubscribe.
 */
export function syncMcpPromptCommands(
  commands: CommandList,
  session: { mcp?: McpControl; subscribe(listener: (event: { type: string }) => void): () => void },
): () => void {
  const refresh = () => commands.setSource('mcp', mcpPromptCommands(session.mcp));
  refresh();
  if (!session.mcp) return () => {};
  return session.subscribe((event) => {
    if (event.type === 'mcp_status') refresh();
  });
}
