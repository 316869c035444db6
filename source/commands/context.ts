// /context: what fills the context window, part by part, as a 40-cell bar of lettered segments and a table (60 columns).
import type { ContextBreakdown, ContextPartKey } from '../engine/session/types.js';
import { formatInt } from '../util/format.js';
import type { SlashCommand } from './slashCommand.js';

const barCells = 40;
const letters: Record<ContextPartKey, string> = { system: 'S', tools: 'T', mcp: 'M', memory: 'I', skills: 'K', messages: 'C' };
const freeLetter = '·';

function percent(tokens: number, window: number): string {
  const share = (tokens / window) * 100;
  if (tokens > 0 && share < 0.1) return '<0.1%';
  return `${share < 10 ? share.toFixed(1) : Math.round(share)}%`;
}

/** Cells per part: every part that holds tokens gets at least one, the rest of the bar is free space. */
export function barOf(breakdown: ContextBreakdown): string {
  const { window, parts } = breakdown;
  const cells = parts.map((part) => (part.tokens > 0 ? Math.max(1, Math.round((part.tokens / window) * barCells)) : 0));
  // A window filled past the bar (or many small parts rounded up) takes cells from the largest part.
  while (cells.reduce((a, b) => a + b, 0) > barCells) cells[cells.indexOf(Math.max(...cells))] -= 1;
  const used = cells.reduce((a, b) => a + b, 0);
  return parts.map((part, i) => letters[part.key].repeat(cells[i])).join('') + freeLetter.repeat(barCells - used);
}

function renderContext(breakdown: ContextBreakdown): string {
  const { window, used, free } = breakdown;
  const row = (letter: string, label: string, tokens: number) =>
    `  ${letter} ${label.padEnd(24)}${formatInt(tokens).padStart(9)}${percent(tokens, window).padStart(7)}`;
  const lines = [
    `Context: ${formatInt(used)} of ${formatInt(window)} tokens (${percent(used, window)})`,
    `[${barOf(breakdown)}]`,
    ...breakdown.parts.map((part) => row(letters[part.key], part.label, part.tokens)),
    row(freeLetter, 'Free space', free),
    `Compaction starts at ${formatInt(breakdown.compactAt)} tokens.`,
    breakdown.reported
      ? 'The provider\'s last count plus an estimate since.'
      : 'Estimated at about 4 characters a token until a reply.',
  ];
  return lines.join('\n');
}

export const contextCommand: SlashCommand = {
  name: 'context',
  description: 'what fills the context window, part by part',
  run(ctx, args) {
    if (args) return ctx.fail(`/context takes no arguments ("${args}").`);
    const breakdown = ctx.contextBreakdown();
    if (!breakdown) return ctx.fail('This session cannot measure its context.');
    ctx.print(renderContext(breakdown));
  },
};
