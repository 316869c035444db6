// What a session lends its hooks: a model call for prompt hooks, a read-only subagent for agent hooks, its MCP
// servers for mcp_tool hooks, and its background tasks for Stop's input; and which typed command a prompt expands.
import type { ChildEnvironment } from '../agents/childRunner.js';
import { runChild } from '../agents/childRunner.js';
import { resolveModel } from '../agents/agentModel.js';
import type { HookPorts } from '../extensions/hookHandlers.js';
import type { TypedCommand } from '../extensions/hookLifecycle.js';
import type { McpSessionSource } from '../mcp/types.js';
import type { Provider } from '../providers/types.js';
import type { BackgroundTaskInfo } from '../protocol/events.js';
import { callSignal } from '../util/callSignal.js';
import { newId } from '../protocol/ids.js';

export interface HookPortsInput {
  provider: Provider;
  providerName: string;
  model: () => string;
  mcp?: McpSessionSource;
  backgroundTasks: () => BackgroundTaskInfo[];
  childEnvironment: () => ChildEnvironment;
}

/** One model call with no tools: the answer's text, or a rejection with the provider's sentence. */
async function askOnce(provider: Provider, request: { system: string; prompt: string; model: string }, signal: AbortSignal): Promise<string> {
  const call = callSignal(signal);
  try {
    for await (const event of provider.stream({ system: request.system, tools: [], messages: [{ role: 'user', content: [{ type: 'text', text: request.prompt }] }], options: { model: request.model, maxTokens: 1024 } }, call.signal)) {
      if (event.type !== 'done') continue;
      if (event.stopReason === 'error' || event.stopReason === 'aborted') throw new Error(event.error?.message ?? event.stopReason);
      return event.message.content.filter((b) => b.type === 'text').map((b) => (b as { text: string }).text).join('');
    }
    throw new Error('the model call ended without an answer');
  } finally {
    call.done();
  }
}

export function hookPorts(o: HookPortsInput): HookPorts {
  // Claude Code's aliases (haiku, sonnet, opus) as for agent files: the Anthropic model, or the session's elsewhere.
  const modelFor = (model: string | undefined) => resolveModel(model, o.providerName, o.model()).model;
  return {
    ask: (request, signal) => askOnce(o.provider, { ...request, model: modelFor(request.model) }, signal),
    runAgent: async (request, signal) => {
      // A verifier that can look but not touch: read_file, grep and glob, up to 50 turns (Claude Code's limit).
      const environment = { ...o.childEnvironment(), maxTurns: 50 };
      const outcome = await runChild(environment, {
        agent: { name: 'hook-verifier', description: 'Checks a hook condition', tools: ['read_file', 'grep', 'glob'], model: request.model, systemPrompt: request.system, source: 'built-in' },
        prompt: request.prompt, parentToolCallId: newId('hook'), signal, emit: () => {},
      });
      if (outcome.reason !== 'done') throw new Error(outcome.error ?? `the verifier ended with ${outcome.reason}`);
      return outcome.text;
    },
    ...(o.mcp ? { callMcpTool: (server, tool, args, signal) => (o.mcp as McpSessionSource).callTool(server, tool, args, signal) } : {}),
    backgroundTasks: () => o.backgroundTasks().filter((t) => t.status === 'running').map((t) => ({
      id: t.taskId, type: t.kind === 'subagent' ? 'subagent' : 'shell', status: t.status, description: t.command.slice(0, 1000),
      ...(t.kind === 'subagent' ? {} : { command: t.command.slice(0, 1000) }),
    })),
  };
}

/** The typed command a prompt expands, for UserPromptExpansion: a custom command (`/name args`) or an MCP prompt. */
export function typedCommand(text: string, display: string | undefined, expands: boolean): TypedCommand | undefined {
  const typed = (expands ? display : text)?.trim() ?? '';
  const match = /^\/([^\s]+)(?:\s+([\s\S]*))?$/.exec(typed);
  if (!match) return undefined;
  if (expands) return { name: match[1], args: (match[2] ?? '').trim(), prompt: typed, type: 'slash_command' };
  if (/^mcp__[A-Za-z0-9_-]+$/.test(match[1])) return { name: match[1], args: (match[2] ?? '').trim(), prompt: typed, source: 'mcp', type: 'mcp_prompt' };
  return undefined;
}
