// The `task` tool: the model hands a self-contained job to a subagent of a named type and gets back its answer.
import type { AgentEvent } from '../protocol/events.js';
import { backgroundStartedLine } from '../tools/taskStatus.js';
import { defineTool, errorResult, textResult, type AnyTool } from '../tools/types.js';
import { runChild, type ChildEnvironment, type ChildOutcome } from './childRunner.js';
import type { AgentDefinition } from './types.js';

export interface TaskArgs {
  description: string;
  prompt: string;
  subagent_type: string;
  run_in_background?: boolean;
}

export interface TaskToolOptions {
  agents: AgentDefinition[];
  environment: ChildEnvironment;
  /** Where child events go: the session's event stream. */
  emit: (event: AgentEvent) => void;
  /** Children running at once; the rest wait their turn. */
  maxParallel: number;
}

/** Lets at most `limit` holders run at once; the others wait in call order. */
function slots(limit: number) {
  let free = Math.max(1, limit);
  const waiting: Array<() => void> = [];
  return async <T>(work: () => Promise<T>): Promise<T> => {
    if (free > 0) free--;
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await work();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else free++;
    }
  };
}

function tokens(outcome: ChildOutcome): string {
  const total = outcome.usage.inputTokens + outcome.usage.outputTokens;
  return total >= 1000 ? `${(total / 1000).toFixed(1)}k` : String(total);
}

function footer(agent: string, outcome: ChildOutcome): string {
  const turns = `${outcome.turns} ${outcome.turns === 1 ? 'turn' : 'turns'}`;
  return `[${agent} subagent: ${turns}, ${tokens(outcome)} tokens, ${(outcome.durationMs / 1000).toFixed(1)} s]`;
}

function failure(agent: string, outcome: ChildOutcome): string | undefined {
  switch (outcome.reason) {
    case 'done':
      return outcome.text.trim() ? undefined : `The ${agent} subagent finished without an answer.`;
    case 'aborted':
      return `The ${agent} subagent was interrupted before it finished.`;
    case 'max_turns':
      return `The ${agent} subagent reached its turn limit without an answer.`;
    case 'repeated_tool_call':
      return `The ${agent} subagent kept repeating the same tool call and was stopped.`;
    case 'tool_errors':
      return `The ${agent} subagent was stopped because its tool calls kept failing.`;
    case 'context_full':
      return `The ${agent} subagent ran out of context before it finished.`;
    default:
      return `The ${agent} subagent failed: ${outcome.error ?? 'it ended in an error'}.`;
  }
}

function answerOf(agent: string, outcome: ChildOutcome): { content: string; display: string; isError: boolean } {
  const problem = failure(agent, outcome);
  const text = outcome.text.trim();
  if (problem) return { content: `${problem}${text ? `\nIts last text:\n${text}` : ''}\n${footer(agent, outcome)}`, display: problem, isError: true };
  return { content: `${text}\n\n${footer(agent, outcome)}`, display: text, isError: false };
}

function describeTypes(agents: AgentDefinition[]): string {
  return agents.map((agent) => `- ${agent.name}: ${agent.description}`).join('\n');
}

export function createTaskTool(o: TaskToolOptions): AnyTool {
  const byName = new Map(o.agents.map((agent) => [agent.name, agent]));
  const inSlot = slots(o.maxParallel);
  return defineTool<TaskArgs>({
    name: 'task',
    description:
      'Hand a self-contained job to a subagent; only its final answer comes back. It sees none of this conversation: put the ' +
      `whole brief in prompt. Task calls in one message run in parallel. Types:\n${describeTypes(o.agents)}`,
    inputSchema: {
      type: 'object',
      properties: {
        description: { type: 'string', description: '3-5 words, shown to the user' },
        prompt: { type: 'string', description: 'The task, what to look at and report' },
        subagent_type: { type: 'string', enum: o.agents.map((agent) => agent.name) },
        run_in_background: { type: 'boolean', description: 'Return a task id at once; the answer comes in a later turn.' },
      },
      required: ['description', 'prompt', 'subagent_type'],
      additionalProperties: false,
    },
    readOnly: false,
    // The child's own calls are asked for one by one, under the session's mode and rules.
    autoApproved: true,
    concurrent: true,
    // A child runs until its own turn limit; Esc stops it through the run's signal.
    timeoutMs: 24 * 60 * 60 * 1000,
    summarize: (args) => `${args.subagent_type}: ${args.description}`,

    async execute(args, ctx) {
      const agent = byName.get(args.subagent_type);
      if (!agent) return errorResult(`Unknown subagent_type "${args.subagent_type}"; use one of: ${[...byName.keys()].join(', ')}.`, `There is no ${args.subagent_type} subagent.`);
      const requester = `${agent.name} · ${args.description}`;
      const emit = (event: AgentEvent) => {
        o.emit(event.type === 'approval_request' ? { ...event, requester } : event);
        if (event.type === 'tool_start') ctx.onProgress(`${event.name}(${event.summary})`);
      };
      const start = (signal: AbortSignal) => inSlot(() => runChild(o.environment, { agent, prompt: args.prompt, parentToolCallId: ctx.toolCallId, signal, emit }));
      if (args.run_in_background) {
        const task = ctx.state.background.startWork(`${agent.name} subagent: ${args.description}`, async (onOutput, signal) => {
          const answer = answerOf(agent.name, await start(signal));
          onOutput(answer.content);
          return answer.isError ? 1 : 0;
        });
        return textResult(
          `Started the ${agent.name} subagent in the background as ${task.taskId}. Its answer reaches you when it ends; kill_task ${task.taskId} stops it.`,
          false,
          backgroundStartedLine(task.taskId),
        );
      }
      const answer = answerOf(agent.name, await start(ctx.signal));
      return textResult(answer.content, answer.isError, answer.display);
    },
  });
}
