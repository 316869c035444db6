// The /mcp panel, shown in place of the transcript: every MCP server with its status, transport, tool count, last
// error and log file, or the picked server's tools; the keys it takes are listed at its foot.
import { Box, Text } from 'ink';
import type { McpServerStatus } from '../source/protocol/events.js';
import { mcpCount } from '../source/util/format.js';
import { selectedIndex, type McpPanelUi } from '../hooks/mcpPanelKeys.js';
import { paint, sanitize, type Style } from './view/style.js';
import cellTruncate from './view/cellTruncate.js';
import { Lines } from './Lines.js';

export interface McpPanelProps {
  servers: readonly McpServerStatus[];
  ui: McpPanelUi;
  /** The picked server's tools, read when its tools are shown. */
  tools: readonly { name: string; description?: string }[];
  /** The picked server's resources, once listed. */
  resources?: readonly { uri: string; name: string; template?: boolean }[];
  /** Why the last reconnect or enable/disable failed, in one line. */
  error?: string;
  width: number;
  height: number;
}

const statusLook: Record<McpServerStatus['status'], { text: string; style: Style }> = {
  connected: { text: 'connected', style: 'green' },
  connecting: { text: 'connecting', style: 'yellow' },
  failed: { text: 'failed', style: 'red' },
  'needs-trust': { text: 'needs trust', style: 'yellow' },
  disabled: { text: 'disabled', style: 'dim' },
};

const firstLine = (text: string): string => sanitize(text).split('\n').find((l) => l.trim() !== '')?.trim() ?? '';

/**
 * A server's rows: name, status, transport, tools and scope; then its last error and its log file, if any. A log
 * path too long for the row loses its start, not its file name (session folders are named by a 36-character UUID).
 */
function serverRows(server: McpServerStatus, picked: boolean, nameWidth: number, width: number): string[] {
  const look = statusLook[server.status];
  const tools = server.status === 'connected' ? `${server.toolCount} ${server.toolCount === 1 ? 'tool' : 'tools'}` : '–';
  const name = sanitize(server.name).padEnd(nameWidth);
  const head = `${picked ? paint('cyan', '❯') : ' '} ${picked ? paint('bold', name) : name}  ${paint(look.style, look.text.padEnd(11))}  ${server.transport.padEnd(5)}  ${tools.padEnd(9)}  ${paint('dim', server.scope)}`;
  const rows = [head];
  if (server.lastError) rows.push(`    ${paint('red', `error: ${firstLine(server.lastError)}`)}`);
  if (server.logFile) rows.push(paint('dim', `    log: ${cellTruncate(sanitize(server.logFile), Math.max(12, width - 9), { position: 'start' })}`));
  return rows;
}

/** The list view's body rows, scrolled so the picked server is on screen within `room` rows. */
export function serverListRows(servers: readonly McpServerStatus[], ui: McpPanelUi, room: number, width = Number.POSITIVE_INFINITY): string[] {
  const picked = selectedIndex(ui, servers.map((s) => s.name));
  const nameWidth = Math.min(24, Math.max(4, ...servers.map((s) => s.name.length)));
  const blocks = servers.map((server, i) => serverRows(server, i === picked, nameWidth, width));
  // Start at the first server whose rows, through the picked one, fit.
  let first = 0;
  const rowsThrough = (from: number) => blocks.slice(from, picked + 1).reduce((n, b) => n + b.length, 0);
  while (first < picked && rowsThrough(first) > room) first++;
  return blocks.slice(first).flat().slice(0, Math.max(0, room));
}

/** The tools view's body rows: each tool's name and the first line of its description, then the server's resources. */
function toolRows(
  tools: readonly { name: string; description?: string }[],
  offset: number,
  room: number,
  resources: readonly { uri: string; name: string; template?: boolean }[] = [],
): string[] {
  if (tools.length === 0) return [paint('dim', '  (no tools: the server is not connected)')];
  const nameWidth = Math.min(32, Math.max(...tools.map((t) => t.name.length)));
  const rows = tools.map((t) => `  ${paint('bold', sanitize(t.name).padEnd(nameWidth))}  ${t.description ? firstLine(t.description) : ''}`.trimEnd());
  if (resources.length > 0) {
    rows.push('', paint('bold', `  Resources (attach one with @server:uri)`));
    for (const r of resources) rows.push(`  ${sanitize(r.uri)}${r.template ? paint('dim', ' (template)') : ''}  ${paint('dim', sanitize(r.name))}`.trimEnd());
  }
  const start = Math.min(offset, Math.max(0, rows.length - room));
  return rows.slice(start, start + Math.max(0, room));
}

export function McpPanel({ servers, ui, tools, resources, error, width, height }: McpPanelProps) {
  const picked = servers[selectedIndex(ui, servers.map((s) => s.name))];
  const showTools = ui.tools && picked !== undefined;
  // Title, a blank row, the body, the error line (when any) and the keys.
  const room = Math.max(0, height - 3 - (error ? 1 : 0));
  const count = mcpCount(servers);
  const title = showTools
    ? `${sanitize(picked.name)} · ${tools.length} ${tools.length === 1 ? 'tool' : 'tools'}`
    : `MCP servers${count ? ` · ${count.connected}/${count.total} connected` : ''}`;
  const body = showTools ? toolRows(tools, ui.toolsOffset, room, resources) : serverListRows(servers, ui, room, width);
  const keysHelp = showTools ? '↑/↓ scroll · Esc back to the servers' : '↑/↓ select · r reconnect · e enable · d disable · Enter/t tools · Esc close';
  return (
    <Box flexDirection="column" width={width} height={height} overflow="hidden">
      <Text bold wrap="truncate-end">
        {title}
      </Text>
      <Box height={room + 1} flexDirection="column">
        <Lines lines={body} width={width} />
      </Box>
      {error ? (
        <Text color="red" wrap="truncate-end">
          {firstLine(error)}
        </Text>
      ) : null}
      <Text dimColor wrap="truncate-end">
        {keysHelp}
      </Text>
    </Box>
  );
}
