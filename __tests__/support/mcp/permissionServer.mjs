// An MCP stdio server whose one tool, `decide`, answers permission questions the way --permission-prompt-tool
// expects: it denies any call whose input mentions "forbidden", allows the rest, rewrites a bash command by
// appending `&& echo rewritten`, and answers AskUserQuestion with each question's second option. Each question it gets is appended as a JSON line to the file in DECISIONS_LOG.
import { appendFileSync } from 'node:fs';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { z } from 'zod';

const server = new McpServer({ name: 'gatekeeper', version: '1.0.0' });
server.registerTool('decide', {
  description: 'Decides whether a tool call may run',
  inputSchema: { tool_name: z.string(), input: z.record(z.string(), z.unknown()), tool_use_id: z.string().optional() },
}, async (question) => {
  if (process.env.DECISIONS_LOG) appendFileSync(process.env.DECISIONS_LOG, `${JSON.stringify(question)}\n`);
  // AskUserQuestion is answered as Claude Code's SDK answers it: allowed, with each question's answer (its second option).
  const asked = question.tool_name === 'AskUserQuestion' && Array.isArray(question.input.questions)
    ? { behavior: 'allow', updatedInput: { ...question.input, answers: Object.fromEntries(question.input.questions.map((q) => [q.question, q.options[1].label])) } }
    : undefined;
  const answer = asked ?? (JSON.stringify(question.input).includes('forbidden')
    ? { behavior: 'deny', message: 'The gatekeeper says no to this one.' }
    : { behavior: 'allow', updatedInput: typeof question.input.command === 'string' ? { ...question.input, command: `${question.input.command} && echo rewritten` } : question.input });
  return { content: [{ type: 'text', text: JSON.stringify(answer) }] };
});
await server.connect(new StdioServerTransport());
