// A small MCP stdio server on the SDK's server API, for faults the reference servers cannot show. The first
// argument picks the fault:
//   normal   echo, crash (exits with code 1 mid-call), sleep (answers only when cancelled), add_tool (list_changed),
//            sample (sends sampling/createMessage to the client and returns its answer)
//   hang     never answers initialize
//   garbage  writes lines that are not JSON-RPC to stdout around its answers
//   flood    writes megabytes to stderr while it serves
//   prompts  echo, a prompt `greet` (argument `who`), and add_prompt (registers another prompt: prompts/list_changed)
//   slow     like normal, but reads nothing until FAULT_DELAY_MS (default 2000) have passed: a server slow to start
// FAULT_MARKS, when set, is a file the server appends events to (start, cancelled) so tests can see them.
import { appendFileSync } from 'node:fs';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { z } from 'zod';

const mode = process.argv[2] ?? 'normal';
const mark = (text) => {
  if (process.env.FAULT_MARKS) appendFileSync(process.env.FAULT_MARKS, `${text}\n`);
};
mark(`start ${process.pid}`);

if (mode === 'slow') await new Promise((resolve) => setTimeout(resolve, Number(process.env.FAULT_DELAY_MS ?? 2000)));

if (mode === 'hang') {
  // Reads its input and never answers: the client must give up on its own.
  process.stdin.resume();
  setInterval(() => {}, 1 << 30);
} else {
  const server = new McpServer({ name: `fault-${mode}`, version: '1.0.0' });
  server.registerTool('echo', { description: 'Echoes the message back', inputSchema: { message: z.string() }, annotations: { readOnlyHint: true } },
    async ({ message }) => {
      if (mode === 'garbage') process.stdout.write('this line is not JSON-RPC\n{"half": \n');
      return { content: [{ type: 'text', text: `echo: ${message}` }] };
    });
  if (mode === 'prompts') {
    server.registerPrompt('greet', { description: 'Greets someone', argsSchema: { who: z.string() } }, ({ who }) => ({
      messages: [{ role: 'user', content: { type: 'text', text: `Say hello to ${who}.` } }],
    }));
    server.registerTool('add_prompt', { description: 'Adds a prompt named by `name`', inputSchema: { name: z.string() } }, async ({ name }) => {
      server.registerPrompt(name, { description: `Added at run time: ${name}` }, () => ({ messages: [{ role: 'user', content: { type: 'text', text: `${name} prompt text` } }] }));
      return { content: [{ type: 'text', text: `added prompt ${name}` }] };
    });
  }
  server.registerTool('crash', { description: 'Exits the server with code 1 before answering', inputSchema: {} }, async () => {
    mark('crash');
    setTimeout(() => process.exit(1), 20);
    return new Promise(() => {});
  });
  server.registerTool('sleep', { description: 'Answers only when cancelled', inputSchema: {} }, async (_args, extra) => {
    mark('sleeping');
    await new Promise((resolve) => extra.signal.addEventListener('abort', resolve, { once: true }));
    mark('cancelled');
    return { content: [{ type: 'text', text: 'woke up' }] };
  });
  server.registerTool('add_tool', { description: 'Adds a tool named by `name`', inputSchema: { name: z.string() } }, async ({ name }) => {
    server.registerTool(name, { description: `Added at run time: ${name}`, inputSchema: {} }, async () => ({ content: [{ type: 'text', text: `${name} ran` }] }));
    return { content: [{ type: 'text', text: `added ${name}` }] };
  });
  server.registerTool('sample', { description: 'Asks the client to sample', inputSchema: {} }, async () => {
    // Sent raw: the SDK would refuse to send it, the client having offered no sampling.
    const transport = server.server.transport;
    const forward = transport.onmessage;
    const reply = new Promise((resolve) => {
      transport.onmessage = (message, extra) => {
        if (message.id === 'sample-1') {
          transport.onmessage = forward;
          resolve(message);
        } else forward?.(message, extra);
      };
    });
    await transport.send({ jsonrpc: '2.0', id: 'sample-1', method: 'sampling/createMessage', params: { messages: [], maxTokens: 10 } });
    const answer = await reply;
    return { content: [{ type: 'text', text: JSON.stringify(answer.error ?? answer.result) }] };
  });
  if (mode === 'garbage') process.stdout.write('garbage before the first message\n');
  if (mode === 'flood') {
    const chunk = `${'stderr flood '.repeat(80)}\n`;
    setInterval(() => {
      for (let i = 0; i < 200; i += 1) process.stderr.write(chunk);
    }, 5);
  }
  await server.connect(new StdioServerTransport());
}
