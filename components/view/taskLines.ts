// A task call as terminal lines: the subagent's type and description, a live status line while it works, one line
// when done, and its tool calls and answer when expanded.
import type { SubagentView, ToolItem, ToolStatus } from '../../source/store/state.js';
import { formatDuration, formatElapsed, formatTokens } from '../../source/util/format.js';
import { currentStep, isSubagentActive } from '../../source/store/subagents.js';
import { paint, sanitize, wrapText } from './style.js';
import { toolHeadLine } from './toolHead.js';

const branch = '  ⎿ ';
const indent = '    ';

type BlockState = 'running' | 'done' | 'error' | 'interrupted' | 'denied';

/** How the block reads: a foreground call ends with its parent call; a background one with its child's run. */
function blockState(item: ToolItem, view: SubagentView): BlockState {
  if (isSubagentActive(item)) return 'running';
  if (!view.background && item.done) return item.status === 'pending' || item.status === 'running' ? 'done' : item.status === 'noted' ? 'error' : item.status;
  switch (view.endReason) {
    case undefined:
      return item.done ? 'interrupted' : 'running';
    case 'done':
      return 'done';
    case 'aborted':
      return 'interrupted';
    default:
      return 'error';
  }
}

function seconds(item: ToolItem, view: SubagentView, now: number): string | undefined {
  if (isSubagentActive(item)) return view.startedAt !== undefined && now > 0 ? formatElapsed(now - view.startedAt) : undefined;
  // A background call itself returns at once: its own duration says nothing of the child's.
  const ms = view.durationMs > 0 ? view.durationMs : view.background ? undefined : item.durationMs;
  return ms === undefined ? undefined : formatDuration(ms);
}

const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;

function headLine(item: ToolItem, view: SubagentView, state: BlockState, spinner: string, now: number): string {
  const title = `${paint('bold', sanitize(view.agentType))}${view.description ? ` · ${sanitize(view.description).replace(/\n/g, ' ')}` : ''}`;
  if (state === 'running') return `${paint('cyan', spinner)} ${title}${view.background ? paint('dim', ' · background') : ''}`;
  const facts = [plural(view.turns, 'turn'), `${formatTokens(view.tokens)} tokens`, seconds(item, view, now)].filter((f) => f !== undefined);
  const tail = paint('dim', ` · ${facts.join(' · ')}`);
  switch (state) {
    case 'done':
      return `${paint('green', '✓')} ${title}${tail}`;
    case 'error':
      return `${paint('red', '✗')} ${title}${tail}`;
    case 'denied':
      return `${paint('yellow', '✗')} ${title}${paint('yellow', ' denied')}`;
    case 'interrupted':
      return `${paint('yellow', '■')} ${title}${tail}${paint('yellow', ' interrupted')}`;
  }
}

/** The live line under a running block: the call it is on, its turns so far, and how long it has run. */
function statusLine(item: ToolItem, view: SubagentView, now: number, width: number): string {
  const took = seconds(item, view, now);
  const facts = [sanitize(currentStep(view)), plural(view.turns, 'turn'), ...(took ? [took] : [])].join(' · ');
  return paint('dim', wrapText(facts, Math.max(1, width - branch.length))[0] ?? '');
}

function childLines(view: SubagentView, finished: boolean, spinner: string): string[] {
  const rows = view.droppedLines > 0 ? [paint('dim', `… ${plural(view.droppedLines, 'earlier call')} not kept`)] : [];
  for (const line of view.lines) {
    // A call still open when its block finished was cut off with it.
    const status: ToolStatus = finished && (line.status === 'running' || line.status === 'pending') ? 'interrupted' : line.status;
    const fake: ToolItem = { kind: 'tool', id: line.toolCallId, done: true, runId: '', messageId: '', name: line.name, summary: line.summary, status, progress: [], expanded: false, ...(line.durationMs === undefined ? {} : { durationMs: line.durationMs }) };
    rows.push(toolHeadLine(fake, spinner));
  }
  return rows;
}

function answerLines(item: ToolItem, view: SubagentView, inner: number): string[] {
  const rows: string[] = [];
  const failure = item.status === 'error' && item.display?.kind === 'text' ? item.display.text.trim() : '';
  if (failure) rows.push(...wrapText(sanitize(failure), inner).map((r) => paint('red', r)));
  const answer = view.answer ?? (item.status === 'done' && !view.background && item.display?.kind === 'text' ? item.display.text : '');
  if (answer.trim() && answer.trim() !== failure) rows.push(...wrapText(sanitize(answer.trim()), inner));
  return rows;
}

export function taskToLines(item: ToolItem, view: SubagentView, width: number, spinner: string, now: number): string[] {
  const state = blockState(item, view);
  const head = headLine(item, view, state, spinner, now);
  const inner = Math.max(1, width - indent.length);
  const body: string[] = [];
  if (item.expanded) body.push(...childLines(view, state !== 'running', spinner), ...(state === 'running' ? [] : answerLines(item, view, inner)));
  const out = [head, ...body.map((row, i) => (i === 0 ? branch : indent) + row)];
  if (state === 'running') out.push((body.length > 0 ? indent : branch) + statusLine(item, view, now, width));
  return out;
}
