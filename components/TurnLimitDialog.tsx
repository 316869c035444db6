// Asks, when a task reached the turn limit, whether to go on with it for as many turns again: Continue / Stop.
// Its words match the transcript's line, name where the limit was set, and wrap to fit a narrow screen.
import { Box, Text } from 'ink';
import { turnLimitChoices } from '../hooks/turnLimitKeys.js';
import cellWidth from './view/cellWidth.js';
import { wrapText } from './view/style.js';

export interface TurnLimitDialogProps {
  /** The turns the run took, which is the limit: continuing allows as many again. */
  turns: number;
  /** Index into turnLimitChoices. */
  selected: number;
  width: number;
  /** Where the limit was set ("the --max-turns flag"); unknown when not given. */
  from?: string;
  /** Most rows the dialog may take. */
  maxHeight?: number;
}

const plural = (n: number): string => `${n} ${n === 1 ? 'turn' : 'turns'}`;

/** The explanation's rows at `inner` columns: what happened (as the transcript says it), where the limit comes from. */
function explanation(turns: number, from: string | undefined, inner: number): string[] {
  const set = from ? ` It is set by ${from}.` : '';
  return wrapText(`Run stopped after ${plural(turns)}, the turn limit.${set} Continue gives it as many again; a new message also continues it.`, inner);
}

/** The key hint, as much of it as fits beside the choices. */
function hint(inner: number): string {
  const choices = turnLimitChoices.reduce((n, c) => n + c.length + 2, 0);
  return ['  y / n · ←→ Enter · Esc stop', '  y / n · Esc stop', '  y / n', ''].find((h) => choices + cellWidth(h) <= inner) ?? '';
}

/** Rows the dialog takes at `width`: border (2), the question, the explanation, the choices. */
export function turnLimitDialogHeight(turns: number, width: number, from?: string): number {
  return 2 + 1 + explanation(turns, from, Math.max(1, width - 4)).length + 1;
}

export function TurnLimitDialog({ turns, selected, width, from, maxHeight }: TurnLimitDialogProps) {
  const inner = Math.max(1, width - 4);
  const height = Math.min(maxHeight ?? Number.POSITIVE_INFINITY, turnLimitDialogHeight(turns, width, from));
  // On a screen too short for all of it, the question and the choices stay; the explanation gives way.
  const rows = explanation(turns, from, inner).slice(0, Math.max(0, height - 4));
  return (
    <Box flexDirection="column" borderStyle="round" borderColor="yellow" paddingX={1} width={width} height={height} flexShrink={0} overflow="hidden">
      <Text bold wrap="truncate-end">
        Continue for another {plural(turns)}?
      </Text>
      {rows.map((row, i) => (
        <Text key={i} dimColor wrap="truncate-end">
          {row}
        </Text>
      ))}
      <Text wrap="truncate-end">
        {turnLimitChoices.map((choice, i) => (
          <Text key={choice} inverse={i === selected} color={i === selected ? 'cyan' : undefined}>
            {` ${choice} `}
          </Text>
        ))}
        <Text dimColor>{hint(inner)}</Text>
      </Text>
    </Box>
  );
}
