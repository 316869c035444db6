// The pure reducer from AgentEvents to AppState: immutable updates, the same object back when nothing changed.
import type { AgentEvent, EventOf, RunEndReason } from '../protocol/events.js';
import { applyQuestionEvent, dropRunQuestions } from './questions.js';
import type { AppState, AssistantItem, ToolItem, ToolStatus, TranscriptItem } from './state.js';
import { limits } from './state.js';
import { addModelUsage } from '../providers/prices.js';
import { appendItems, clipText, findItemIndex, putNotice, updateItem } from './transcript.js';
import type { ToolDisplay } from '../protocol/tools.js';
import { applySubagentEvent, subagentFromCall } from './subagents.js';
import { hookLine } from '../extensions/hookLine.js';

/**
 * A subagent's events: its approvals reach the dialog like the session's own; the rest is shown in the block of
 * the parent's task call, not as transcript items of their own.
 */
function applyChildEvent(state: AppState, event: AgentEvent): AppState {
  return applyChildDialogAndUsage(applySubagentEvent(state, event), event);
}

function applyChildDialogAndUsage(state: AppState, event: AgentEvent): AppState {
  if (event.type === 'approval_request') {
    if (state.approvals.some((a) => a.approvalId === event.approvalId)) return state;
    const { type: _type, agentId: _agent, ...approval } = event;
    return { ...state, approvals: [...state.approvals, approval] };
  }
  if (event.type === 'approval_resolved' && state.approvals.some((a) => a.approvalId === event.approvalId)) {
    return { ...state, approvals: state.approvals.filter((a) => a.approvalId !== event.approvalId) };
  }
  // A hook that blocked or failed inside a subagent gets its line in the transcript too.
  if (event.type === 'hook') return addEventNotice(state, 'warning', hookLine(event));
  // A child's tokens are priced at its own model; its totals and context are its own, not the session's.
  if (event.type === 'usage') {
    const { cost: _old, ...rest } = state;
    return { ...rest, ...addModelUsage(state.usageByModel, event.model ?? state.session.model, event.turnUsage) };
  }
  return state;
}

export function applyEvent(state: AppState, event: AgentEvent): AppState {
  if (event.agentId !== undefined) return applyChildEvent(state, event);
  switch (event.type) {
    case 'session_start': {
      const s = state.session;
      if (s.sessionId === event.sessionId && s.cwd === event.cwd && s.provider === event.provider && s.model === event.model && s.mode === event.mode) {
        return state;
      }
      const session = { ...s, sessionId: event.sessionId, cwd: event.cwd, provider: event.provider, model: event.model, mode: event.mode };
      return { ...state, session };
    }
    case 'run_start': {
      const id = `user-${event.runId}`;
      const next = { ...state, running: true, runId: event.runId, turnLimit: undefined, streamedChars: 0 };
      // A continued run goes on with the conversation as it stands: there is no new user message to show.
      if (event.continued || findItemIndex(state.transcript, id) >= 0) return next;
      return appendItems(next, { kind: 'user', id, done: true, text: event.prompt });
    }
    case 'turn_start':
      return state;
    case 'tool_call_delta':
      return addStreamed(state, event.partialJson.length);
    case 'message_start':
      return ensureAssistant(state, event.messageId, event.runId);
    case 'text_delta':
    case 'thinking_delta':
      return addStreamed(appendDelta(state, event), event.text.length);
    case 'tool_call_start':
      return ensureTool(state, event.toolCallId, event.runId, event.messageId, event.name, '');
    case 'retry':
      return applyRetry(state, event);
    case 'message_end':
      return applyMessageEnd(state, event);
    case 'approval_request': {
      let next = ensureTool(state, event.toolCallId, event.runId, '', event.name, event.summary);
      next = updateItem(next, event.toolCallId, 'tool', (t) => (t.summary ? t : { ...t, summary: event.summary }));
      if (next.approvals.some((a) => a.approvalId === event.approvalId)) return next;
      const { type: _type, ...approval } = event;
      return { ...next, approvals: [...next.approvals, approval] };
    }
    case 'question_request':
    case 'question_resolved':
      return applyQuestionEvent(state, event);
    case 'approval_resolved': {
      let next = state;
      if (state.approvals.some((a) => a.approvalId === event.approvalId)) {
        next = { ...state, approvals: state.approvals.filter((a) => a.approvalId !== event.approvalId) };
      }
      const decision = event.decision;
      if (decision.kind !== 'no') return next;
      return updateItem(next, event.toolCallId, 'tool', (t) =>
        t.status === 'denied' ? t : { ...t, status: 'denied', ...(decision.reason ? { denialReason: decision.reason } : {}) },
      );
    }
    case 'tool_start': {
      const next = ensureTool(state, event.toolCallId, event.runId, '', event.name, event.summary);
      return updateItem(next, event.toolCallId, 'tool', (t) =>
        t.done || t.status === 'denied'
          ? t
          : { ...t, status: 'running', name: event.name, summary: event.summary || t.summary, ...withSubagent(t, event.name, event.input, event.summary) },
      );
    }
    case 'tool_progress':
      return updateItem(state, event.toolCallId, 'tool', (t) => (t.done ? t : { ...t, progress: appendProgress(t.progress, event.text) }));
    case 'tool_end': {
      const next = ensureTool(state, event.toolCallId, event.runId, '', event.name, '');
      return updateItem(next, event.toolCallId, 'tool', (t) => {
        const status = t.status === 'denied' || t.status === 'interrupted' ? t.status : event.result.isError ? (event.result.display.kind === 'note' ? 'noted' : 'error') : 'done';
        return { ...t, status, done: true, progress: [], display: clipDisplay(event.result.display), durationMs: event.durationMs };
      });
    }
    case 'todos':
      return state.todos === event.todos ? state : { ...state, todos: event.todos };
    case 'background_task': {
      const index = state.tasks.findIndex((t) => t.taskId === event.task.taskId);
      const tasks = state.tasks.slice();
      if (index < 0) tasks.push(event.task);
      else tasks[index] = event.task;
      return { ...state, tasks };
    }
    case 'usage': {
      // Priced by the model that made the call: tokens spent before a /model keep their old price.
      const { cost: _old, ...rest } = state;
      // The provider's count replaces the estimate of what streamed.
      return { ...rest, streamedChars: 0, usage: event.totalUsage, context: event.context, ...addModelUsage(state.usageByModel, event.model ?? state.session.model, event.turnUsage) };
    }
    case 'rules_added':
      return addEventNotice(state, 'info', `Added ${event.rules.join(', ')} (${event.source}).`);
    case 'attachments':
      return addEventNotice(state, 'info', `Attached ${event.items.join(', ')}.`);
    case 'warning':
      return addEventNotice(state, 'warning', event.message);
    case 'model_fallback':
      return addEventNotice(state, 'warning', `Switched to ${event.to} for this run: ${event.from} is ${event.reason}.`);
    case 'hook':
      return addEventNotice(state, 'warning', hookLine(event));
    case 'error':
      return addEventNotice(state, 'error', event.message);
    case 'compaction': {
      const text = `Compacted the conversation (${event.level}): ${formatK(event.tokensBefore)} → ${formatK(event.tokensAfter)} tokens.`;
      return addEventNotice(state, 'compaction', text);
    }
    case 'mode_change':
      return state.session.mode === event.mode ? state : { ...state, session: { ...state.session, mode: event.mode } };
    case 'model_change':
      return applyModelChange(state, event);
    case 'conversation_cleared': {
      const notice: TranscriptItem = { kind: 'notice', id: `cleared-${event.sessionId}`, done: true, level: 'info', text: 'Started a new conversation.' };
      return {
        ...state,
        session: { ...state.session, sessionId: event.sessionId },
        transcript: [notice],
        trimmedCount: 0,
        maxItems: undefined,
        approvals: [],
        questions: [],
        todos: [],
        context: undefined,
        turnLimit: undefined,
      };
    }
    case 'conversation_rewound': {
      // The transcript goes back with the conversation: the message and everything after it leave the screen.
      const at = findItemIndex(state.transcript, `user-${event.runId}`);
      const kept = at >= 0 ? state.transcript.slice(0, at) : state.transcript;
      const notice: TranscriptItem = { kind: 'notice', id: `rewound-${event.runId}`, done: true, level: 'info', text: 'Rewound the conversation to before that message.' };
      return { ...state, transcript: [...kept, notice], approvals: [], context: undefined, turnLimit: undefined };
    }
    case 'mcp_status':
      return { ...state, mcp: event.servers };
    case 'run_end':
      return applyRunEnd(state, event);
  }
}

/** Counts streamed characters for the live token estimate until the provider's usage arrives. */
function addStreamed(state: AppState, chars: number): AppState {
  return chars === 0 ? state : { ...state, streamedChars: (state.streamedChars ?? 0) + chars };
}

function ensureAssistant(state: AppState, messageId: string, runId: string): AppState {
  if (findItemIndex(state.transcript, messageId) >= 0) return state;
  const item: AssistantItem = { kind: 'assistant', id: messageId, done: false, runId, text: '', thinking: '', expanded: false };
  return appendItems(state, item);
}

function ensureTool(state: AppState, id: string, runId: string, messageId: string, name: string, summary: string): AppState {
  if (findItemIndex(state.transcript, id) >= 0) return state;
  const item: ToolItem = { kind: 'tool', id, done: false, runId, messageId, name, summary, status: 'pending', progress: [], expanded: false };
  return appendItems(state, item);
}

function appendDelta(state: AppState, event: EventOf<'text_delta'> | EventOf<'thinking_delta'>): AppState {
  if (event.text === '') return state;
  const next = ensureAssistant(state, event.messageId, event.runId);
  return updateItem(next, event.messageId, 'assistant', (m) => {
    if (m.done) return m;
    return event.type === 'text_delta' ? { ...m, text: m.text + event.text } : { ...m, thinking: m.thinking + event.text };
  });
}

/** The new model, and the context measured against its window from now on. */
function applyModelChange(state: AppState, event: EventOf<'model_change'>): AppState {
  const window = event.contextWindow ?? state.session.contextWindow;
  if (state.session.model === event.model && state.session.contextWindow === window) return state;
  const context = state.context && {
    tokens: state.context.tokens,
    window,
    percent: Math.min(100, Math.round((state.context.tokens / window) * 1000) / 10),
  };
  return { ...state, session: { ...state.session, model: event.model, contextWindow: window }, ...(context ? { context } : {}) };
}

function applyRetry(state: AppState, event: EventOf<'retry'>): AppState {
  // Everything streamed for this message is void: the call starts over.
  let next = updateItem(state.streamedChars ? { ...state, streamedChars: 0 } : state, event.messageId, 'assistant', (m) => (m.text || m.thinking ? { ...m, text: '', thinking: '' } : m));
  const kept = next.transcript.filter((item) => !(item.kind === 'tool' && item.messageId === event.messageId && !item.done));
  if (kept.length !== next.transcript.length) next = { ...next, transcript: kept };
  const seconds = Math.max(1, Math.round(event.delayMs / 1000));
  const reason = event.reason ? `${event.reason} — ` : '';
  const text = `${reason}retrying in ${seconds} s (attempt ${event.attempt} of ${event.maxAttempts})`;
  return putNotice(next, `retry-${event.messageId}`, 'retry', text);
}

function applyMessageEnd(state: AppState, event: EventOf<'message_end'>): AppState {
  // The call finished (or failed for good, which an error event explains): its retry notice is stale.
  const retryId = `retry-${event.messageId}`;
  const unretried = findItemIndex(state.transcript, retryId) >= 0 ? { ...state, transcript: state.transcript.filter((i) => i.id !== retryId) } : state;
  const next = ensureAssistant(unretried, event.messageId, event.runId);
  const finalText = event.message.content.flatMap((b) => (b.type === 'text' ? [b.text] : [])).join('');
  const finalThinking = event.message.content.flatMap((b) => (b.type === 'thinking' ? [b.thinking] : [])).join('');
  const ended = updateItem(next, event.messageId, 'assistant', (m) => {
    if (m.done) return m;
    const text = finalText && finalText !== m.text ? finalText : m.text;
    const thinking = finalThinking && finalThinking !== m.thinking ? finalThinking : m.thinking;
    return { ...m, done: true, text, thinking };
  });
  const withCalls = event.message.content.reduce(
    (acc, block) =>
      block.type === 'tool_use'
        ? updateItem(acc, block.id, 'tool', (t) => {
            const summary = t.summary || pendingSummary(block.input);
            const sub = withSubagent(t, block.name, block.input, summary);
            return summary === t.summary && !sub.subagent ? t : { ...t, summary, ...sub };
          })
        : acc,
    ended,
  );
  return dropEmptyMessage(withCalls, event.messageId);
}

/** A task call gets its block's state from its arguments as soon as they are known. */
function withSubagent(t: ToolItem, name: string, input: Record<string, unknown>, summary: string): Partial<ToolItem> {
  if (name !== 'task' || t.subagent) return {};
  return { subagent: subagentFromCall(input, summary) };
}

/** Until a call starts, its line shows its first text argument (the command, the path). */
function pendingSummary(input: Record<string, unknown>): string {
  const first = Object.values(input).find((v): v is string => typeof v === 'string');
  return first ? first.split('\n')[0].slice(0, 120) : '';
}

function dropEmptyMessage(ended: AppState, messageId: string): AppState {
  // An empty message (tool calls only) leaves no line behind.
  const index = findItemIndex(ended.transcript, messageId);
  const item = ended.transcript[index];
  if (item && item.kind === 'assistant' && item.text === '' && item.thinking === '') {
    return { ...ended, transcript: ended.transcript.filter((_, i) => i !== index) };
  }
  return ended;
}

/** Closes everything still open in a run: messages end, unfinished tools count as interrupted. */
export function finishRunItems(state: AppState, runId: string | undefined): AppState {
  let changed = false;
  const transcript = state.transcript.map((item): TranscriptItem => {
    if (item.kind === 'user' || item.kind === 'notice' || item.done) return item;
    if (runId !== undefined && item.runId !== runId) return item;
    changed = true;
    if (item.kind === 'assistant') return { ...item, done: true };
    const status: ToolStatus = item.status === 'denied' ? item.status : 'interrupted';
    return { ...item, done: true, status, progress: [] };
  });
  const approvals = state.approvals.filter((a) => runId !== undefined && a.runId !== runId);
  const asked = dropRunQuestions(state, runId);
  if (!changed && approvals.length === state.approvals.length && asked === state) return state;
  return { ...asked, transcript: changed ? transcript : state.transcript, approvals };
}

function applyRunEnd(state: AppState, event: EventOf<'run_end'>): AppState {
  let next = finishRunItems(state.streamedChars ? { ...state, streamedChars: 0 } : state, event.runId);
  if (next.runId === event.runId || next.runId === undefined) next = { ...next, running: false };
  if (event.reason === 'aborted') {
    return putNotice(next, `interrupted-${event.runId}`, 'interrupted', 'Interrupted.');
  }
  if (event.reason === 'max_turns' && event.turns > 0) next = { ...next, turnLimit: { runId: event.runId, turns: event.turns } };
  // A run ended by an error the transcript already shows says it once, not again as a summary.
  const shown = event.error !== undefined
    && next.transcript.slice(-50).some((item) => item.kind === 'notice' && item.level === 'error' && item.text === event.error);
  if (shown) return next;
  const summary = runSummary(event.reason, event.turns, event.error);
  return summary ? putNotice(next, `summary-${event.runId}`, 'summary', summary) : next;
}

export function runSummary(reason: RunEndReason, turns: number, error?: string): string | undefined {
  switch (reason) {
    case 'done':
    case 'aborted':
      return undefined;
    case 'error':
      return `Run stopped by an error: ${error ?? 'unknown error'}`;
    case 'max_turns':
      return `Run stopped after ${turns} ${turns === 1 ? 'turn' : 'turns'}, the turn limit. Continue gives it as many again; a new message also continues it.`;
    case 'repeated_tool_call':
      return error ?? 'Run stopped: the model kept repeating the same tool call. Rephrase the task or add detail.';
    case 'tool_errors':
      return error ?? 'Run stopped: tool calls kept failing.';
    case 'context_full':
      return 'Run stopped: the context window is full. Use /clear to start a new conversation.';
    case 'refusal':
      return 'The model declined to continue this request.';
    case 'blocked':
      // The hook's own line already says why.
      return undefined;
    case 'budget':
      return error ?? 'Run stopped: the spend passed the budget (--max-budget-usd).';
    case 'structured_output_retries':
      return error ?? 'Run stopped: the model did not give output that fits the schema.';
  }
}

function addEventNotice(state: AppState, level: 'warning' | 'error' | 'compaction' | 'info', text: string): AppState {
  const seq = state.seq + 1;
  return putNotice({ ...state, seq }, `event-${seq}`, level, text);
}

function appendProgress(lines: string[], text: string): string[] {
  const incoming = text.split(/\r?\n/).filter((l) => l.length > 0).map((l) => (l.length > limits.progressLineChars ? l.slice(0, limits.progressLineChars) : l));
  if (incoming.length === 0) return lines;
  return lines.concat(incoming).slice(-limits.progressLines);
}

function clipDisplay(display: ToolDisplay): ToolDisplay {
  if (display.kind === 'text' && display.text.length > limits.displayChars) return { ...display, text: clipText(display.text, limits.displayChars) };
  if (display.kind === 'diff' && display.diff.length > limits.displayChars) return { ...display, diff: clipText(display.diff, limits.displayChars) };
  return display;
}

function formatK(tokens: number): string {
  return tokens >= 1000 ? `${(tokens / 1000).toFixed(1)}k` : String(tokens);
}
