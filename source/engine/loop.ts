// The agent loop: an async generator that streams model turns, runs tools and yields AgentEvents until the run ends.
import {
  addUsage,
  emptyUsage,
  type AssistantMessage,
  type Message,
  type Provider,
  type ProviderError,
  type StopReason,
  type ToolSchema,
  type ToolUseBlock,
  type Usage,
} from '../providers/types.js';
import type { ContextManager } from './contextManager.js';
import { callSignal } from './callSignal.js';
import { EventQueue } from './eventQueue.js';
import type { AgentEvent, PermissionMode, RunEndReason } from './events.js';
import type { Conversation } from './history.js';
import { newId } from './ids.js';
import { RepeatGuard } from './repeatGuard.js';
import { runToolRound, type ToolEnvironment } from './toolRound.js';

export interface LoopOptions extends ToolEnvironment {
  runId: string;
  prompt: string;
  provider: Provider;
  /** Built once per session so the request prefix stays byte-stable. */
  system: string;
  tools: ToolSchema[];
  /** The session's conversation, appended to as the run goes. */
  history: Conversation;
  model: string;
  maxTokens: number;
  temperature?: number;
  /** 0 = unlimited. */
  maxTurns: number;
  /** Measures the context and compacts it before requests. */
  context: ContextManager;
  mode: () => PermissionMode;
  /** Dynamic material for the newest user turn, collected right before each request. */
  reminders: () => string[];
  /** Called with every finished model call's usage (the session keeps the totals). */
  onUsage: (usage: Usage) => Usage;
}

/** Errors that will not go away by asking again. */
// The provider has already retried what can be retried: asking again cannot fix these (a server that cannot be
// reached included, whose error would otherwise be repeated for every new attempt).
const fatalErrorKinds = new Set<ProviderError['kind']>(['auth', 'not_found', 'bad_request', 'connection']);
const maxConsecutiveErrors = 3;

const textOf = (message: AssistantMessage): string =>
  message.content.filter((b) => b.type === 'text').map((b) => (b as { text: string }).text).join('');

export async function* runAgentLoop(o: LoopOptions): AsyncGenerator<AgentEvent> {
  const started = Date.now();
  let runUsage = emptyUsage();
  let turns = 0;
  let lastText = '';
  let consecutiveErrors = 0;
  let recoveredFromOverflow = false;
  const repeats = new RepeatGuard();
  o.history.appendUserText(o.prompt);

  const end = (reason: RunEndReason, error?: string): AgentEvent => ({
    type: 'run_end', runId: o.runId, reason, text: lastText, turns, usage: runUsage, durationMs: Date.now() - started, error,
  });

  while (true) {
    if (o.signal.aborted) return yield end('aborted');
    if (o.maxTurns > 0 && turns >= o.maxTurns) {
      yield { type: 'warning', runId: o.runId, message: `Stopped after ${o.maxTurns} turns (maxTurns); raise it with --max-turns or "maxTurns" in agent.config.json.` };
      return yield end('max_turns');
    }
    for (const reminder of o.reminders()) o.history.appendUserText(reminder);
    const prepared = yield* o.context.prepare(o.history, o.system, o.tools, o.runId, o.signal);
    if (prepared === 'stop') {
      const text = 'The context window is full and compaction cannot free more room; start a new conversation with /clear (or a new `rein -p` run) and a narrower request.';
      yield { type: 'error', runId: o.runId, message: text };
      return yield end('context_full', text);
    }
    turns += 1;
    const turnId = newId('turn');
    const messageId = newId('msg');
    yield { type: 'turn_start', runId: o.runId, turnId, turn: turns };
    yield { type: 'message_start', runId: o.runId, turnId, messageId };

    let message: AssistantMessage = { role: 'assistant', content: [] };
    let stopReason: StopReason = 'error';
    let usage = emptyUsage();
    let error: ProviderError | undefined;
    const request = {
      system: o.system,
      tools: o.tools,
      messages: o.history.messages as Message[],
      options: { model: o.model, maxTokens: o.maxTokens, temperature: o.temperature },
    };
    const call = callSignal(o.signal);
    try {
      for await (const event of o.provider.stream(request, call.signal)) {
        switch (event.type) {
          case 'text_delta': yield { type: 'text_delta', runId: o.runId, messageId, text: event.text }; break;
          case 'thinking_delta': yield { type: 'thinking_delta', runId: o.runId, messageId, text: event.text }; break;
          case 'tool_call_start': yield { type: 'tool_call_start', runId: o.runId, messageId, toolCallId: event.id, name: event.name }; break;
          case 'tool_call_delta': yield { type: 'tool_call_delta', runId: o.runId, messageId, toolCallId: event.id, partialJson: event.partialJson }; break;
          case 'retry':
            yield { type: 'retry', runId: o.runId, messageId, attempt: event.attempt, maxAttempts: event.maxAttempts, delayMs: event.delayMs, reason: event.reason };
            break;
          case 'warning': yield { type: 'warning', runId: o.runId, message: event.message }; break;
          case 'usage': break;
          case 'done':
            message = event.message;
            stopReason = event.stopReason;
            usage = event.usage;
            error = event.error;
            break;
        }
      }
    } finally {
      call.done();
    }

    if (stopReason === 'aborted' || o.signal.aborted) {
      // Keep what was said; drop reasoning and unfinished tool calls, which the APIs would reject without their pairs.
      const kept = message.content.filter((b) => b.type === 'text' && b.text.length > 0);
      if (kept.length > 0) o.history.append({ role: 'assistant', content: kept });
      yield { type: 'message_end', runId: o.runId, turnId, messageId, message: { role: 'assistant', content: kept }, stopReason: 'aborted', usage };
      return yield end('aborted');
    }

    if (stopReason === 'error' && error?.kind === 'context_length' && !recoveredFromOverflow) {
      // The provider says the request is too long: compact once and send it again.
      recoveredFromOverflow = true;
      turns -= 1;
      yield { type: 'message_end', runId: o.runId, turnId, messageId, message: { role: 'assistant', content: [] }, stopReason, usage };
      yield { type: 'warning', runId: o.runId, message: 'The request was longer than the model accepts; compacting the conversation and retrying.' };
      const outcome = await o.context.compact(o.history, o.system, o.tools, 'overflow', undefined, o.signal, o.runId);
      if (outcome.event) yield outcome.event;
      if (outcome.ok) continue;
    }
    if (stopReason === 'error') {
      consecutiveErrors += 1;
      const text = error?.message ?? 'The model call failed for an unknown reason.';
      yield { type: 'message_end', runId: o.runId, turnId, messageId, message: { role: 'assistant', content: [] }, stopReason, usage };
      yield { type: 'error', runId: o.runId, message: text };
      if ((error && fatalErrorKinds.has(error.kind)) || consecutiveErrors >= maxConsecutiveErrors) return yield end('error', text);
      o.history.appendUserText(`<error>The previous model call failed: ${text} Continue with the task.</error>`);
      turns -= 1;
      continue;
    }
    consecutiveErrors = 0;

    runUsage = addUsage(runUsage, usage);
    const total = o.onUsage(usage);

    let calls = message.content.filter((b): b is ToolUseBlock => b.type === 'tool_use');
    if (stopReason === 'max_tokens' && calls.length > 0) {
      // A call cut off mid-arguments cannot run; keep the text only.
      message = { role: 'assistant', content: message.content.filter((b) => b.type !== 'tool_use') };
      calls = [];
    }
    if (message.content.length === 0) message = { role: 'assistant', content: [{ type: 'text', text: '(no answer)' }] };
    o.history.append(message);
    o.context.observe(usage.inputTokens + usage.outputTokens, o.history.length);
    const contextTokens = o.context.estimate(o.system, o.tools, o.history.messages);
    const window = o.context.window;
    yield {
      type: 'usage', runId: o.runId, turnUsage: usage, totalUsage: total, model: o.model,
      context: { tokens: contextTokens, window, percent: Math.min(100, Math.round((contextTokens / window) * 1000) / 10) },
    };
    lastText = textOf(message) || lastText;
    yield { type: 'message_end', runId: o.runId, turnId, messageId, message, stopReason, usage };

    if (calls.length === 0) {
      if (stopReason === 'max_tokens') {
        yield { type: 'warning', runId: o.runId, message: `The answer hit the limit of ${o.maxTokens} output tokens and was cut off; raise "maxTokens" in agent.config.json for longer answers.` };
        return yield end('done');
      }
      if (stopReason === 'refusal') return yield end('refusal', 'The model declined to continue.');
      return yield end('done');
    }

    const repeat = repeats.observe(calls);
    const queue = new EventQueue<AgentEvent>();
    const round = repeat === 'stop'
      ? Promise.resolve(calls.map((c) => ({ type: 'tool_result' as const, toolUseId: c.id, content: 'Not run: the same call was repeated 5 times in a row.', isError: true })))
      : runToolRound({
          runId: o.runId, calls, registry: o.registry, mode: o.mode(), rules: o.rules, broker: o.broker, interactive: o.interactive,
          cwd: o.cwd, workspace: o.workspace, state: o.state, signal: o.signal, emit: (e) => queue.push(e),
        });
    yield* queue.drainUntil(round);
    const results = await round;
    o.history.append({ role: 'user', content: results });

    if (repeat === 'stop') {
      const text = 'Stopped: the model made the same tool call with identical arguments 5 times in a row.';
      yield { type: 'error', runId: o.runId, message: text };
      return yield end('repeated_tool_call', text);
    }
    if (repeat === 'warn') {
      const text = 'You have made the same tool call with identical arguments 3 times in a row. It will not give a different result: change your approach, or stop and tell the user what is blocking you.';
      o.history.appendUserText(`<system-reminder>${text}</system-reminder>`);
      yield { type: 'warning', runId: o.runId, message: 'The model repeated the same tool call 3 times; it was told to change approach.' };
    }
    if (o.signal.aborted) return yield end('aborted');
  }
}
