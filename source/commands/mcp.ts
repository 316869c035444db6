// /mcp: opens the MCP panel (servers, status, tools; reconnect, enable, disable), or says how to add a server.
import type { SlashCommand } from './slashCommand.js';

export const noServersHint =
  'No MCP servers configured. Add one in .mcp.json at the project root: {"mcpServers": {"name": {"command": "server-command", "args": []}}} (or {"type": "http", "url": "…"}), then start rein again.';

export const mcpCommand: SlashCommand = {
  name: 'mcp',
  description: 'MCP servers: status, tools, reconnect, on/off',
  screen: true,
  run(ctx, args) {
    if (args) {
      ctx.fail(`/mcp takes no arguments ("${args}"): it opens the panel, whose keys reconnect, enable or disable a server.`);
      return;
    }
    const servers = ctx.getState().mcp;
    if (!servers || servers.length === 0) {
      ctx.print(noServersHint);
      return;
    }
    ctx.openPanel('mcp');
  },
};
