// An MCP stdio server that exits with code 1 shortly after each time it has served its tool list: every start of it
// ends in a crash once connected, so a client's restarts can be counted. FAULT_MARKS, when set, gets "start <pid>".
import { appendFileSync } from 'node:fs';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { z } from 'zod';

if (process.env.FAULT_MARKS) appendFileSync(process.env.FAULT_MARKS, `start ${process.pid}\n`);
const server = new McpServer({ name: 'crash-loop', version: '1.0.0' });
server.registerTool('echo', { description: 'Echoes the message back', inputSchema: { message: z.string() } }, async ({ message }) => ({
  content: [{ type: 'text', text: `echo: ${message}` }],
}));
const transport = new StdioServerTransport();
const send = transport.send.bind(transport);
const listed = new Set();
const receive = () => {
  const forward = transport.onmessage;
  transport.onmessage = (message, extra) => {
    if (message.method === 'tools/list') listed.add(message.id);
    forward?.(message, extra);
  };
};
transport.send = async (message, options) => {
  await send(message, options);
  // Once the tool list is out, the client counts the server as connected: the crash then comes mid-session.
  if (message.id !== undefined && listed.has(message.id)) setTimeout(() => process.exit(1), 50);
};
await server.connect(transport);
receive();
