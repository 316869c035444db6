// Asks, when a task reached the turn limit, whether to go on with it for as many turns again: Continue / Stop.
import React from 'react';
import { Box, Text } from 'ink';
import { turnLimitChoices } from '../hooks/turnLimitKeys.js';

export interface TurnLimitDialogProps {
  /** The turns the run took, which is the limit: continuing allows as many again. */
  turns: number;
  /** Index into turnLimitChoices. */
  selected: number;
  width: number;
}

/** Border (2), the question, the explanation, the choices. */
export const turnLimitDialogHeight = 5;

const plural = (n: number): string => `${n} ${n === 1 ? 'turn' : 'turns'}`;

export function TurnLimitDialog({ turns, selected, width }: TurnLimitDialogProps) {
  return (
    <Box flexDirection="column" borderStyle="round" borderColor="yellow" paddingX={1} width={width} height={turnLimitDialogHeight} flexShrink={0} overflow="hidden">
      <Text bold wrap="truncate-end">
        Continue for another {plural(turns)}?
      </Text>
      <Text dimColor wrap="truncate-end">
        The task reached the turn limit ({plural(turns)}, maxTurns); "maxTurns": 0 in agent.config.json removes it.
      </Text>
      <Text wrap="truncate-end">
        {turnLimitChoices.map((choice, i) => (
          <Text key={choice} inverse={i === selected} color={i === selected ? 'cyan' : undefined}>
            {` ${choice} `}
          </Text>
        ))}
        <Text dimColor>  y / n · ←→ Enter · Esc stop</Text>
      </Text>
    </Box>
  );
}
