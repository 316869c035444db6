// Runs one subagent: the same agent loop with its own conversation, context manager and a tool set that holds
// only what its type allows; its events are tagged with its id and passed up, and only its final text returns.
import { ContextManager, type ContextSettings } from '../engine/contextManager.js';
import { contextTuning } from '../config/defaults.js';
import type { AgentEvent, AgentOrigin, EventOf } from '../protocol/events.js';
import { Conversation } from '../engine/history.js';
import { newId } from '../protocol/ids.js';
import { runAgentLoop } from '../engine/loop.js';
import { contextWindowFor } from '../providers/modelInfo.js';
import { wrapReminder } from '../engine/reminders.js';
import { addUsage, emptyUsage } from '../protocol/messages.js';
import { BackgroundTasks } from '../tools/background.js';
import { FileState } from '../tools/fileState.js';
import type { ToolRegistry } from '../tools/runner.js';
import { registryWithSearch } from '../mcp/toolSearch.js';
import type { AnyTool, ToolSessionState } from '../tools/types.js';
import { SessionLog } from '../sessionLog/sessionLog.js';
import { resolveModel } from './agentModel.js';
import { sessionLogPath } from '../sessionLog/records.js';
import type { LoopHooks } from '../extensions/hookTypes.js';
import type { AgentDefinition } from './types.js';
import type { ChildEnvironment } from '../engine/session/ports.js';
import { errorMessage } from '../util/errors.js';

/** What every child of a session shares with it (the session defines it: it lends these). */
export type { ChildEnvironment };

export interface ChildRun {
  agent: AgentDefinition;
  prompt: string;
  /** The parent's task call. */
  parentToolCallId: string;
  signal: AbortSignal;
  /** Receives every event of the child, tagged with agentId and parentToolCallId. */
  emit: (event: AgentEvent) => void;
}

/** How a child's run ended: its run_end, summed over every ask, and which child it was. */
export type ChildOutcome = Omit<EventOf<'run_end'>, 'type' | 'runId' | keyof AgentOrigin> & { agentId: string };

const wrapUpPrompt =
  'You have reached your turn limit. Do not call any more tools: give your final answer now, with what you have found so far and what is left undone.';

const systemPrompts = new Map<string, string>();

/** Built once per agent type and environment, so a child's request prefix is byte-stable too. */
function childSystemPrompt(agent: AgentDefinition, env: ChildEnvironment): string {
  const key = `${agent.source}\0${agent.name}\0${env.cwd}\0${env.workspace}`;
  let prompt = systemPrompts.get(key);
  if (prompt === undefined) {
    prompt = [
      agent.systemPrompt.trim(),
      '',
      '# Environment',
      `Working directory: ${env.cwd}`,
      `Workspace root (file tools stay inside it): ${env.workspace}`,
      `Platform: ${process.platform}`,
    ].join('\n');
    systemPrompts.set(key, prompt);
  }
  return prompt;
}

/** A log the child's conversation is appended to; a log that cannot be made never stops the child. */
function openChildLog(env: ChildEnvironment, agentId: string, model: string): SessionLog | undefined {
  if (!env.logDir) return undefined;
  try {
    return SessionLog.create({ sessionsDir: env.logDir, meta: { sessionId: agentId, cwd: env.cwd, provider: env.providerName ?? 'unknown', model, startedAt: new Date().toISOString() } });
  } catch {
    return undefined;
  }
}

/** The child's tools: only what its type names (unknown names are left out), none it refuses, and never `task`. */
export function childTools(agent: AgentDefinition, all: AnyTool[]): AnyTool[] {
  const allowed = agent.tools ? new Set(agent.tools) : undefined;
  const refused = new Set(agent.disallowedTools ?? []);
  return all.filter((tool) => tool.name !== 'task' && (!allowed || allowed.has(tool.name)) && !refused.has(tool.name));
}

/** One subagent's conversation: asked once by the task tool, or again with follow-ups (team mode's repairs). */
export class ChildAgent {
  readonly agentId = newId('agent');
  private readonly history: Conversation;
  private readonly registry: ToolRegistry;
  private readonly model: string;
  private readonly system: string;
  private readonly context: ContextManager;
  private readonly state: ToolSessionState;
  private usage = emptyUsage();
  private turns = 0;
  private readonly started = Date.now();
  /** The session's hooks as this child's (and its agent file's own): its id and type in every input, SubagentStop matched on its type. */
  private readonly hooks: LoopHooks | undefined;
  /** Said once, when the child first runs: a model its provider cannot serve, hooks left out. */
  private notes: string[] = [];
  /** SubagentStart runs once, before the child's first request; what it adds opens the child's conversation. */
  private startContext: string[] | undefined;

  constructor(
    private readonly env: ChildEnvironment,
    private readonly run: Omit<ChildRun, 'prompt'>,
  ) {
    const chosen = resolveModel(run.agent.model, env.providerName, env.model());
    this.model = chosen.model;
    const hooks = env.hooksFor?.(run.agent) ?? { hooks: env.hooks };
    const transcriptPath = env.logDir ? sessionLogPath(env.logDir, this.agentId) : undefined;
    const own = hooks.hooks;
    this.hooks = own?.forAgent ? own.forAgent({ agentId: this.agentId, agentType: run.agent.name, ...(transcriptPath ? { transcriptPath } : {}) }) : own;
    this.notes = [chosen.note, hooks.warning].filter((note): note is string => note !== undefined).map((note) => `Agent ${run.agent.name}: ${note}`);
    const log = openChildLog(env, this.agentId, this.model);
    this.history = new Conversation((change) => log?.append({ kind: 'history', ...change }), []);
    this.registry = registryWithSearch(childTools(run.agent, env.tools()), env.contextWindow ?? contextWindowFor(this.model));
    this.system = childSystemPrompt(run.agent, env);
    this.context = new ContextManager(
      childContextSettings(env, this.model),
      () => ({ provider: env.provider, model: this.model, maxTokens: Math.min(env.maxTokens, 8192) }),
    );
    this.state = {
      ...env.state,
      // Its own reads: an edit to a file another child changed since this child read it is refused as stale.
      files: new FileState(),
      todos: [],
      background: env.state.background ?? new BackgroundTasks(),
    };
  }

  /** Sends `prompt` and runs to the child's answer; at its turn limit it is asked for the answer once. */
  async ask(prompt: string): Promise<ChildOutcome> {
    for (const message of this.notes.splice(0)) this.run.emit({ type: 'warning', message, agentId: this.agentId, parentToolCallId: this.run.parentToolCallId });
    if (this.startContext === undefined) {
      this.startContext = [];
      const start = await this.hooks?.subagentStart?.(this.run.signal);
      for (const note of start?.notes ?? []) this.run.emit({ type: 'hook', ...note, agentId: this.agentId, parentToolCallId: this.run.parentToolCallId });
      this.startContext.push(...(start?.context ?? []));
    }
    let outcome = await this.loopOnce(prompt, this.env.maxTurns);
    if (outcome.reason === 'max_turns' && !this.run.signal.aborted) {
      const wrapUp = await this.loopOnce(wrapUpPrompt, 1);
      if (wrapUp.text.trim()) outcome = { ...wrapUp, reason: wrapUp.reason === 'max_turns' ? 'done' : wrapUp.reason };
    }
    return { ...outcome, agentId: this.agentId, turns: this.turns, usage: this.usage, durationMs: Date.now() - this.started };
  }

  private async loopOnce(prompt: string, maxTurns: number): Promise<Omit<ChildOutcome, 'agentId'>> {
    const { env, run, history } = this;
    let outcome: Omit<ChildOutcome, 'agentId'> = { reason: 'error', text: '', turns: 0, usage: this.usage, durationMs: 0, error: 'the subagent ended without an answer' };
    const loop = runAgentLoop({
      runId: newId('run'), prompt, provider: env.provider, system: this.system, tools: this.registry.schemas(), history, model: this.model,
      maxTokens: env.maxTokens, temperature: env.temperature, maxTurns, context: this.context, mode: env.mode,
      rules: env.rules, broker: env.broker, interactive: env.interactive, registry: this.registry,
      cwd: env.cwd, workspace: env.workspace, state: this.state, signal: run.signal,
      reminders: () => (history.length === 1
        ? [...(this.startContext ?? []).splice(0).map(wrapReminder), wrapReminder(`Today's date is ${(env.now?.() ?? new Date()).toISOString().slice(0, 10)}.`)]
        : []),
      onUsage: (turnUsage, model) => {
        env.onUsage(turnUsage, model);
        return (this.usage = addUsage(this.usage, turnUsage));
      },
      hooks: this.hooks,
      askFallback: env.askFallback,
      overBudget: env.overBudget,
    });
    try {
      for await (const event of loop) {
        run.emit({ ...event, agentId: this.agentId, parentToolCallId: run.parentToolCallId });
        if (event.type === 'run_end') outcome = { reason: event.reason, text: event.text, turns: event.turns, usage: this.usage, durationMs: 0, error: event.error };
      }
    } catch (err) {
      // The loop does not throw by contract; should it ever, the parent gets an error result, never a crash.
      outcome = { ...outcome, reason: 'error', error: errorMessage(err) };
    }
    this.turns += outcome.turns;
    return outcome;
  }
}

/** A child keeps its conversation in its window as the session does: the user's settings, else the defaults. */
export function childContextSettings(env: Pick<ChildEnvironment, 'contextWindow' | 'context'>, model: string): ContextSettings {
  return { window: env.contextWindow ?? contextWindowFor(model), ...contextTuning(env.context) };
}

export function runChild(env: ChildEnvironment, run: ChildRun): Promise<ChildOutcome> {
  const { prompt, ...rest } = run;
  return new ChildAgent(env, rest).ask(prompt);
}
