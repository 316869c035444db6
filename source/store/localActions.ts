// Pure state changes that come from the user rather than the engine: interrupt, queue, expand, notices.
import { collapsedRows, userMessageMaxLines, type AppState, type TranscriptItem } from './state.js';
import { finishRunItems } from './applyRunEnd.js';
import { putNotice } from './transcript.js';
import { dropSteering } from './steering.js';

export { addNotice } from './transcript.js';

/** Esc: the run is shown as interrupted at once, before the engine confirms it. */
export function markInterrupted(state: AppState): AppState {
  if (!state.running) return state;
  const finished = finishRunItems(state, state.runId);
  const next = { ...finished, running: false, approvals: [] };
  return putNotice(next, `interrupted-${state.runId ?? 'local'}`, 'interrupted', 'Interrupted.');
}

/** Busy work outside a run (a compaction): shown as running, so Esc interrupts it and new messages queue. */
export function markBusy(state: AppState): AppState {
  return state.running ? state : { ...state, running: true, runId: undefined };
}

/** An empty queue holds no steering either. */
export function setQueued(state: AppState, queued: string[]): AppState {
  return queued.length === 0 ? dropSteering({ ...state, queued }) : { ...state, queued };
}

const lineCount = (text: string): number => text.replace(/\n+$/, '').split('\n').length;

/** Items with something hidden when collapsed (long output, or thinking), or already expanded. */
function isExpandable(item: TranscriptItem): boolean {
  if (item.kind === 'user') return item.expanded === true || lineCount(item.text) > userMessageMaxLines;
  if (item.kind === 'assistant') return item.thinking.length > 0;
  // A task block opens to its subagent's calls and answer, also while it runs.
  if (item.kind === 'tool' && item.subagent) return item.expanded || item.subagent.lines.length > 0 || item.subagent.answer !== undefined || item.done;
  if (item.kind !== 'tool' || !item.done || !item.display) return false;
  if (item.expanded) return true;
  // One more row than the limit would show as the "+N lines" hint, so such output is never cut.
  if (item.display.kind === 'text') return lineCount(item.display.text) > collapsedRows.text + 1;
  if (item.display.kind === 'diff') return lineCount(item.display.diff) + 1 > collapsedRows.diff + 1;
  return false;
}

/**
 * Toggles the expanded view of the newest tool call, task block or thinking block (`last`),
 * or of every one of them (`all`: expands all unless all are already expanded).
 */
export function toggleExpand(state: AppState, which: 'last' | 'all'): AppState {
  const candidates = state.transcript.filter(isExpandable) as Array<Extract<TranscriptItem, { expanded?: boolean }>>;
  if (candidates.length === 0) return state;
  if (which === 'last') {
    const target = candidates[candidates.length - 1];
    return { ...state, transcript: state.transcript.map((item) => (item === target ? { ...target, expanded: !target.expanded } : item)) };
  }
  const expand = candidates.some((item) => !item.expanded);
  const set = new Set<TranscriptItem>(candidates);
  const transcript = state.transcript.map((item) =>
    set.has(item) && (item.kind === 'tool' || item.kind === 'assistant' || item.kind === 'user') && (item.expanded ?? false) !== expand ? { ...item, expanded: expand } : item,
  );
  return { ...state, transcript };
}
