// The bottom line: model, provider, permission mode, context used, tokens, cache hits, cost, directory and branch.
import React from 'react';
import { Box, Text } from 'ink';
import { homedir } from 'node:os';
import type { Usage } from '../source/providers/types.js';
import type { ContextInfo, PermissionMode } from '../source/engine/events.js';
import type { SessionView } from '../source/store/state.js';
import { cacheHitPercent, formatCost, formatTokens } from '../source/store/format.js';
import { costOf } from '../source/store/prices.js';

export interface StatusBarProps {
  session: SessionView;
  usage: Usage;
  context?: ContextInfo;
  gitBranch?: string;
  width: number;
}

const modeColor: Record<PermissionMode, string> = { ask: 'green', 'auto-edit': 'yellow', plan: 'blue', yolo: 'red' };

function shortPath(path: string): string {
  const home = homedir();
  return home && (path === home || path.startsWith(`${home}/`)) ? `~${path.slice(home.length)}` : path;
}

export const StatusBar = React.memo(function StatusBar({ session, usage, context, gitBranch, width }: StatusBarProps) {
  const cached = cacheHitPercent(usage);
  const cost = costOf(usage, session.model);
  const contextColor = context && context.percent >= 90 ? 'red' : context && context.percent >= 70 ? 'yellow' : undefined;
  const sep = <Text dimColor> · </Text>;
  return (
    <Box width={width} height={1}>
      <Text wrap="truncate-end">
        <Text bold>{session.model}</Text>
        <Text dimColor> ({session.provider})</Text>
        {sep}
        <Text color={modeColor[session.mode]}>{session.mode}</Text>
        {context ? (
          <>
            {sep}
            <Text color={contextColor}>ctx {Math.round(context.percent)}%</Text>
          </>
        ) : null}
        {sep}
        <Text>
          ↑{formatTokens(usage.inputTokens)} ↓{formatTokens(usage.outputTokens)}
        </Text>
        {cached === undefined ? null : (
          <>
            {sep}
            <Text>cache {cached}%</Text>
          </>
        )}
        {cost === undefined ? null : (
          <>
            {sep}
            <Text>{formatCost(cost)}</Text>
          </>
        )}
        {sep}
        <Text dimColor>{shortPath(session.cwd)}</Text>
        {gitBranch ? <Text color="magenta"> ({gitBranch})</Text> : null}
      </Text>
    </Box>
  );
});
