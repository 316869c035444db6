// A subagent's events reduced into the task block of its parent's call: its tool lines, turns, tokens and answer.
import type { AgentEvent } from '../protocol/events.js';
import type { AppState, SubagentToolLine, SubagentView, ToolItem, TranscriptItem } from './state.js';
import { limits } from './state.js';
import { clipText, updateItem } from './transcript.js';
import { omit } from '../util/omit.js';

/** The block's first form, from the task call's arguments (or its one-line summary, "type: description"). */
export function subagentFromCall(input: Record<string, unknown> | undefined, summary: string): SubagentView {
  const [typeFromSummary, ...rest] = summary.split(': ');
  const agentType = typeof input?.subagent_type === 'string' ? input.subagent_type : typeFromSummary;
  const description = typeof input?.description === 'string' ? input.description : rest.join(': ');
  return { agentType, description, background: input?.run_in_background === true, turns: 0, tokens: 0, lines: [], droppedLines: 0, durationMs: 0 };
}

/** A subagent still at work: its child has not ended, and its parent call waits for it or sent it to the background. */
export function isSubagentActive(item: TranscriptItem): item is ToolItem & { subagent: SubagentView } {
  if (item.kind !== 'tool' || !item.subagent || item.subagent.endReason !== undefined) return false;
  return !item.done || (item.subagent.background && item.status === 'done');
}

function putLine(view: SubagentView, line: SubagentToolLine): SubagentView {
  const index = view.lines.findIndex((l) => l.toolCallId === line.toolCallId);
  if (index >= 0) {
    const lines = view.lines.slice();
    lines[index] = { ...lines[index], ...line };
    return { ...view, lines };
  }
  const lines = [...view.lines, line];
  const drop = Math.max(0, lines.length - limits.subagentLines);
  return { ...view, lines: drop > 0 ? lines.slice(drop) : lines, droppedLines: view.droppedLines + drop };
}

function setLineStatus(view: SubagentView, toolCallId: string, change: Partial<SubagentToolLine>): SubagentView {
  const index = view.lines.findIndex((l) => l.toolCallId === toolCallId);
  if (index < 0) return view;
  const lines = view.lines.slice();
  lines[index] = { ...lines[index], ...change };
  return { ...view, lines };
}

function reduceView(view: SubagentView, event: AgentEvent): SubagentView {
  switch (event.type) {
    case 'turn_start': {
      // A turn after the child's run ended is its wrap-up run at the turn limit: the block is live again.
      const working = omit(view, 'endReason');
      return { ...working, turns: view.turns + 1 };
    }
    case 'approval_request':
      return putLine(view, { toolCallId: event.toolCallId, name: event.name, summary: event.summary, status: 'pending' });
    case 'approval_resolved':
      return event.decision.kind === 'no' ? setLineStatus(view, event.toolCallId, { status: 'denied' }) : view;
    case 'tool_start': {
      const known = view.lines.find((l) => l.toolCallId === event.toolCallId);
      if (known?.status === 'denied') return view;
      return putLine(view, { toolCallId: event.toolCallId, name: event.name, summary: event.summary, status: 'running' });
    }
    case 'tool_end': {
      const known = view.lines.find((l) => l.toolCallId === event.toolCallId);
      if (!known) return putLine(view, { toolCallId: event.toolCallId, name: event.name, summary: '', status: event.result.isError ? 'error' : 'done', durationMs: event.durationMs });
      const status = known.status === 'denied' ? 'denied' : event.result.isError ? 'error' : 'done';
      return setLineStatus(view, event.toolCallId, { status, durationMs: event.durationMs });
    }
    case 'usage':
      return { ...view, tokens: event.totalUsage.inputTokens + event.totalUsage.outputTokens };
    case 'run_end': {
      const answer = event.text.trim() ? clipText(event.text.trim(), limits.displayChars) : view.answer;
      const lines = view.lines.map((l) => (l.status === 'running' || l.status === 'pending' ? { ...l, status: 'interrupted' as const } : l));
      return { ...view, endReason: event.reason, durationMs: view.durationMs + event.durationMs, lines, ...(answer ? { answer } : {}) };
    }
    default:
      return view;
  }
}

const shown = new Set<AgentEvent['type']>(['turn_start', 'approval_request', 'approval_resolved', 'tool_start', 'tool_end', 'usage', 'run_end']);

/** Applies a child's event to the task call that started it; events of children without such a call change nothing. */
export function applySubagentEvent(state: AppState, event: AgentEvent): AppState {
  const parent = event.parentToolCallId;
  if (parent === undefined || !shown.has(event.type)) return state;
  return updateItem(state, parent, 'tool', (item) => {
    const view = item.subagent ?? subagentFromCall(undefined, item.summary);
    const next = reduceView(view, event);
    return next === item.subagent ? item : { ...item, subagent: next };
  });
}

/** Gives each running block that has none the time it was first seen running. */
export function stampSubagentStarts(state: AppState, now: number): AppState {
  let transcript: TranscriptItem[] | undefined;
  state.transcript.forEach((item, i) => {
    if (!isSubagentActive(item) || item.subagent.startedAt !== undefined) return;
    transcript ??= state.transcript.slice();
    transcript[i] = { ...item, subagent: { ...item.subagent, startedAt: now } };
  });
  return transcript ? { ...state, transcript } : state;
}

/** Ends every block still at work as interrupted: a replayed log's children died with the process that ran them. */
export function settleSubagents(state: AppState): AppState {
  let transcript: TranscriptItem[] | undefined;
  state.transcript.forEach((item, i) => {
    if (!isSubagentActive(item)) return;
    transcript ??= state.transcript.slice();
    const lines = item.subagent.lines.map((l) => (l.status === 'running' || l.status === 'pending' ? { ...l, status: 'interrupted' as const } : l));
    transcript[i] = { ...item, subagent: { ...item.subagent, endReason: 'aborted', lines } };
  });
  return transcript ? { ...state, transcript } : state;
}

/** A subagent at work, as the sidebar lists it. */
export interface RunningSubagent {
  toolCallId: string;
  agentType: string;
  description: string;
  background: boolean;
  turns: number;
  startedAt?: number;
  /** The call it is on, "name(summary)", or its last one. */
  step: string;
}

export function currentStep(view: SubagentView): string {
  const line = [...view.lines].reverse().find((l) => l.status === 'running' || l.status === 'pending') ?? view.lines[view.lines.length - 1];
  if (!line) return view.turns > 0 ? 'thinking' : 'starting';
  return line.summary ? `${line.name}(${line.summary.replace(/\n/g, ' ')})` : line.name;
}

export function runningSubagents(transcript: readonly TranscriptItem[]): RunningSubagent[] {
  const out: RunningSubagent[] = [];
  for (const item of transcript) {
    if (!isSubagentActive(item)) continue;
    const v = item.subagent;
    out.push({ toolCallId: item.id, agentType: v.agentType, description: v.description, background: v.background, turns: v.turns, step: currentStep(v), ...(v.startedAt === undefined ? {} : { startedAt: v.startedAt }) });
  }
  return out;
}
