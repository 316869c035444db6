// The rows below the transcript (queued messages, prompt, slash menu, status bar) as ready-made lines. The Ink
// components draw these lines, and full screen they go straight into the frame, so a keystroke costs Ink no layout.
import { homedir } from 'node:os';
import cliTruncate from './cellTruncate.js';
import stringWidth from './cellWidth.js';
import type { BackgroundTaskInfo, ContextInfo, McpServerStatus, PermissionMode } from '../../source/protocol/events.js';
import type { Usage } from '../../source/protocol/messages.js';
import { describeCommand } from '../../source/commands/resolve.js';
import type { MenuItem } from './menuItem.js';
import { cacheHitPercent, formatCost, formatElapsed, formatTokens, mcpCount } from '../../source/util/format.js';
import type { SessionView } from '../../source/store/state.js';
import { paint, type Style } from './style.js';

/** Ink's wrap="truncate-end": a line wider than `width` is cut and ends in "…". */
function cutTo(line: string, width: number, cells = stringWidth(line)): string {
  return cells > width ? cliTruncate(line, width, { position: 'end' }) : line;
}

interface PromptRow {
  text: string;
  /** Column of the cursor when it is on this row. */
  cursor?: number;
}

/** Splits the text into rows of `width - 2` characters (after the "❯ " gutter), marking the cursor's row. */
export function layoutPrompt(text: string, cursor: number, width: number): PromptRow[] {
  const inner = Math.max(1, width - 2);
  const rows: PromptRow[] = [];
  let offset = 0;
  for (const line of text.split('\n')) {
    let start = offset;
    do {
      const chunk = line.slice(start - offset, start - offset + inner);
      const end = start + chunk.length;
      const last = end - offset >= line.length;
      const here = cursor >= start && (cursor < end || (last && cursor === end));
      rows.push(here ? { text: chunk, cursor: cursor - start } : { text: chunk });
      start = end;
    } while (start - offset < line.length);
    offset += line.length + 1;
  }
  return rows;
}

/** Rows of text layoutPrompt makes, counted up to `maxRows` without building them (the app asks on every key). */
export function promptTextRows(text: string, width: number, maxRows: number): number {
  const inner = Math.max(1, width - 2);
  let rows = 0;
  let start = 0;
  while (rows < maxRows) {
    const end = text.indexOf('\n', start);
    const length = (end < 0 ? text.length : end) - start;
    rows += Math.max(1, Math.ceil(length / inner));
    if (end < 0) break;
    start = end + 1;
  }
  return Math.min(rows, maxRows);
}

/**
 * The cursor as an inverse cell. Written as raw SGR so it stays when colours are off (NO_COLOR, CI):
 * inverse is not a colour, and without it a typed space would show nothing.
 */
function cursorCell(char: string): string {
  return `\x1b[7m${char}\x1b[27m`;
}

export interface PromptLinesInput {
  text: string;
  cursor: number;
  width: number;
  /** Most rows of text shown; longer prompts scroll with the cursor. */
  maxRows: number;
  running: boolean;
  /** Shown on the rule above the prompt (e.g. "Press Ctrl+C again to exit."). */
  hint?: string;
  spinner?: string;
}

// The rule is the same on every keystroke of a run (its spinner is a slot the renderer fills), so it is kept.
let lastRule: { key: string; row: string } | undefined;

function ruleRow(status: string, hint: boolean, width: number): string {
  const key = `${width}\0${hint ? 1 : 0}\0${status}`;
  if (lastRule?.key === key) return lastRule.row;
  const rule = status ? `── ${status} ` : '';
  const row = paint(hint ? 'yellow' : 'dim', cutTo(rule + '─'.repeat(Math.max(0, width - rule.length)), width));
  lastRule = { key, row };
  return row;
}

/** The prompt: a rule with the run status, then the text with its cursor, scrolled to keep the cursor in view. */
export function promptLines({ text, cursor, width, maxRows, running, hint, spinner = '⠋' }: PromptLinesInput): string[] {
  const status = hint ?? (running ? `${spinner} Working… Esc to interrupt · Enter queues a message` : '');
  const out = [ruleRow(status, hint !== undefined, width)];
  const gutter = paint('cyan', '❯ ');
  if (text === '') {
    const placeholder = running ? 'Type to queue a message' : 'Type a message, / for commands, /help for keys';
    out.push(cutTo(gutter + cursorCell(' ') + paint('dim', placeholder), width, 3 + placeholder.length));
    return out;
  }
  const rows = layoutPrompt(text, cursor, width);
  const cursorRow = Math.max(0, rows.findIndex((r) => r.cursor !== undefined));
  const first = Math.min(Math.max(0, cursorRow - maxRows + 1), Math.max(0, rows.length - maxRows));
  const indent = paint('cyan', '  ');
  for (let i = first; i < Math.min(rows.length, first + maxRows); i++) {
    const row = rows[i];
    let body = row.text;
    let cells = stringWidth(row.text);
    if (row.cursor !== undefined) {
      const at = row.text[row.cursor];
      body = row.text.slice(0, row.cursor) + cursorCell(at ?? ' ') + row.text.slice(row.cursor + 1);
      if (at === undefined) cells += 1;
    }
    out.push(cutTo((i === 0 ? gutter : indent) + (body || ' '), width, 2 + Math.max(1, cells)));
  }
  return out;
}

/** Messages typed during a run, waiting to be sent when it ends. */
/** Waiting messages: the ones the running model takes at its next step (`steering`) say so; the rest wait for the run's end. */
export function queuedLines(queued: readonly string[], width: number, maxRows: number, steering: readonly string[] = []): string[] {
  if (maxRows <= 0) return [];
  const taken = [...steering];
  const labels = queued.map((text) => {
    const index = taken.indexOf(text);
    if (index < 0) return '⏳ queued:';
    taken.splice(index, 1);
    return '↳ next step:';
  });
  const shown = queued.slice(0, maxRows);
  return shown.map((text, i) => {
    const more = i === shown.length - 1 && queued.length > shown.length ? ` (+${queued.length - shown.length} more)` : '';
    return paint('dim', cutTo(`${labels[i]} ${text.replace(/\s*\n\s*/g, ' ⏎ ')}${more}`, width));
  });
}

/** The completion menu under the prompt while a slash command is typed: matching commands, one selected. */
export function slashMenuLines(items: readonly MenuItem[], selected: number, width: number, maxRows: number): string[] {
  if (items.length === 0 || maxRows <= 0) return [];
  const first = Math.min(Math.max(0, selected - maxRows + 1), Math.max(0, items.length - maxRows));
  const labelOf = (item: MenuItem) =>
    item.kind === 'file' ? `@${item.path}` : `/${item.command.name}${item.command.argsHint ? ` ${item.command.argsHint}` : ''}`;
  const shown = items.slice(first, first + maxRows);
  const nameWidth = Math.max(...shown.map((item) => labelOf(item).length)) + 1;
  return shown.map((item, i) => {
    const isSelected = first + i === selected;
    const usage = labelOf(item).padEnd(nameWidth);
    const about = item.kind === 'command' ? ` ${describeCommand(item.command)}` : '';
    const line = isSelected
      ? paint('cyan', '› ') + paint(['cyan', 'bold'], usage) + paint(['cyan', 'dim'], about)
      : `  ${usage}${paint('dim', about)}`;
    return cutTo(line, width);
  });
}

export interface StatusLineInput {
  session: SessionView;
  usage: Usage;
  /** Dollars so far, each model's tokens at its own price; undefined when unknown. */
  cost?: number;
  context?: ContextInfo;
  gitBranch?: string;
  /** MCP servers' status: shown as "MCP 2/3" (red when one failed). */
  mcp?: readonly McpServerStatus[];
  width: number;
  /** While a run works: seconds since it started and output tokens so far (the estimate of what streamed included). */
  live?: LiveStatus;
  /** Background work in progress, counted here when the sidebar that lists it is hidden (a narrow screen). */
  background?: { tasks: number; agents: number };
}

/** Running background tasks, and subagents (background ones and those at work in the transcript). */
export function backgroundOf(tasks: readonly BackgroundTaskInfo[], foregroundAgents: number): { tasks: number; agents: number } {
  const running = tasks.filter((t) => t.status === 'running');
  return { tasks: running.filter((t) => t.kind !== 'subagent').length, agents: running.filter((t) => t.kind === 'subagent').length + foregroundAgents };
}

const plural = (n: number, one: string): string => `${n} ${one}${n === 1 ? '' : 's'}`;

/** "⧗ 2 tasks, 1 agent" for running background tasks and subagents; '' when none runs. */
function backgroundCount(background: StatusLineInput['background']): string {
  if (!background) return '';
  const parts = [background.tasks > 0 ? plural(background.tasks, 'task') : '', background.agents > 0 ? plural(background.agents, 'agent') : ''].filter(Boolean);
  return parts.length > 0 ? `⧗ ${parts.join(', ')}` : '';
}

export interface LiveStatus {
  elapsedMs: number;
  outputTokens: number;
}

const modeStyle: Record<PermissionMode, Style> = { ask: 'green', 'auto-edit': 'yellow', plan: 'blue', yolo: 'red' };

function shortPath(path: string): string {
  const home = homedir();
  return home && (path === home || path.startsWith(`${home}/`)) ? `~${path.slice(home.length)}` : path;
}

/** The bottom line: model, provider, permission mode, context used, tokens, cache hits, cost, directory and branch. */
export function statusLine({ session, usage, cost, context, gitBranch, mcp, width, live, background }: StatusLineInput): string {
  const cached = cacheHitPercent(usage);
  const sep = paint('dim', ' · ');
  // Work going on in the background comes first on a narrow screen, where the line's end is cut off.
  const working = backgroundCount(background);
  let line = (working ? paint('cyan', working) + sep : '') + paint('bold', session.model) + paint('dim', ` (${session.provider})`) + sep + paint(modeStyle[session.mode], session.mode);
  if (context) {
    const ctx = `ctx ${Math.round(context.percent)}%`;
    line += sep + (context.percent >= 90 ? paint('red', ctx) : context.percent >= 70 ? paint('yellow', ctx) : ctx);
  }
  // `~`: some calls' counts are rein's estimate (the server sent no usage for them), and so is their cost.
  const about = usage.estimated ? '~' : '';
  line += `${sep}↑${about}${formatTokens(usage.inputTokens)} ↓${about}${formatTokens(live ? Math.max(live.outputTokens, usage.outputTokens) : usage.outputTokens)}`;
  // Unstyled up to the clock, so its tick rewrites a few cells of the row, not the whole row.
  if (live) line += ` · ${formatElapsed(live.elapsedMs)}`;
  if (cached !== undefined) line += `${sep}cache ${cached}%`;
  if (cost !== undefined) line += sep + about + formatCost(cost);
  const servers = mcpCount(mcp);
  if (servers) line += sep + (servers.failed ? paint('red', servers.label) : servers.connected < servers.total ? paint('yellow', servers.label) : servers.label);
  line += sep + paint('dim', shortPath(session.cwd));
  if (gitBranch) line += paint('magenta', ` (${gitBranch})`);
  return cutTo(line, width);
}

/**
 * The status line of a working run, as a function of the clock: the elapsed time moves once a second, and the
 * token count is read when it does (the screen's own timer asks), so a running clock costs one changed row a second.
 */
export function liveStatusRow(input: StatusLineInput, startedAt: number, outputTokens: () => number, now: () => number = Date.now): () => string {
  let second = -1;
  let row = '';
  return () => {
    const elapsed = Math.max(0, now() - startedAt);
    const at = Math.floor(elapsed / 1000);
    if (at !== second) {
      second = at;
      row = statusLine({ ...input, live: { elapsedMs: elapsed, outputTokens: outputTokens() } });
    }
    return row;
  };
}
