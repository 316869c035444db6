// The pure reducer from AgentEvents to AppState: immutable updates, the same object back when nothing changed.
// Each family of events has its own file (applyStream, applyRunEnd, applySessionEvent); this one routes them.
import type { AgentEvent } from '../protocol/events.js';
import { addUsage } from '../protocol/messages.js';
import { applyQuestionEvent } from './questions.js';
import type { AppState } from './state.js';
import { addModelUsage } from '../providers/prices.js';
import { appendItems, findItemIndex, putNotice, updateItem } from './transcript.js';
import { applySubagentEvent } from './subagents.js';
import { addStreamed, appendDelta, appendProgress, applyMessageEnd, applyRetry, clipDisplay, ensureAssistant, ensureTool, withSubagent } from './applyStream.js';
import { applyRunEnd } from './applyRunEnd.js';
import { applySessionEvent } from './applySessionEvent.js';
import { applySteer } from './steering.js';
import { hookLine } from '../extensions/hookLine.js';
import { omit } from '../util/omit.js';

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
    const approval = omit(event, 'type', 'agentId');
    return { ...state, approvals: [...state.approvals, approval] };
  }
  if (event.type === 'approval_resolved' && state.approvals.some((a) => a.approvalId === event.approvalId)) {
    return { ...state, approvals: state.approvals.filter((a) => a.approvalId !== event.approvalId) };
  }
  // A hook that blocked or failed inside a subagent gets its line in the transcript too.
  if (event.type === 'hook') return addEventNotice(state, 'warning', hookLine(event));
  // A child's tokens are priced at its own model and added to the session's total (the engine counts them in it too,
  // so the parent's next usage event agrees; a team run that fails has no such event); its context is its own.
  if (event.type === 'usage') {
    const rest = omit(state, 'cost');
    return { ...rest, usage: addUsage(state.usage, event.turnUsage), ...addModelUsage(state.usageByModel, event.model ?? state.session.model, event.turnUsage) };
  }
  return state;
}

export function applyEvent(state: AppState, event: AgentEvent): AppState {
  if (event.agentId !== undefined) return applyChildEvent(state, event);
  switch (event.type) {
    case 'session_start':
    case 'mode_change':
    case 'model_change':
    case 'conversation_cleared':
    case 'conversation_rewound':
      return applySessionEvent(state, event);
    case 'run_start': {
      const id = `user-${event.runId}`;
      const next = { ...state, running: true, runId: event.runId, turnLimit: undefined, streamedChars: 0 };
      // A continued run goes on with the conversation as it stands: there is no new user message to show.
      if (event.continued || findItemIndex(state.transcript, id) >= 0) return next;
      return appendItems(next, { kind: 'user', id, done: true, text: event.prompt });
    }
    case 'turn_start':
      return state;
    case 'steer':
      return applySteer(state, event);
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
      // The engine's summary replaces the row's guess from the raw arguments (a path as the user reads it).
      next = updateItem(next, event.toolCallId, 'tool', (t) => (!event.summary || t.summary === event.summary ? t : { ...t, summary: event.summary }));
      if (next.approvals.some((a) => a.approvalId === event.approvalId)) return next;
      const approval = omit(event, 'type');
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
      const rest = omit(state, 'cost');
      // The provider's count replaces the estimate of what streamed.
      return { ...rest, streamedChars: 0, usage: event.totalUsage, context: event.context, ...addModelUsage(state.usageByModel, event.model ?? state.session.model, event.turnUsage) };
    }
    case 'rules_added': {
      // Shown with the approval that added them (under the call's line, above its output) when the call is known.
      const text = `Added ${event.rules.join(', ')} (${event.source}).`;
      const id = event.toolCallId;
      const call = id === undefined ? undefined : state.transcript[findItemIndex(state.transcript, id)];
      if (id === undefined || call?.kind !== 'tool') return addEventNotice(state, 'info', text);
      return updateItem(state, id, 'tool', (t) => ({ ...t, ruleNote: t.ruleNote ? `${t.ruleNote} ${text}` : text }));
    }
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
    case 'mcp_status':
      return { ...state, mcp: event.servers };
    case 'run_end':
      return applyRunEnd(state, event);
  }
}

function addEventNotice(state: AppState, level: 'warning' | 'error' | 'compaction' | 'info', text: string): AppState {
  const seq = state.seq + 1;
  return putNotice({ ...state, seq }, `event-${seq}`, level, text);
}

function formatK(tokens: number): string {
  return tokens >= 1000 ? `${(tokens / 1000).toFixed(1)}k` : String(tokens);
}
