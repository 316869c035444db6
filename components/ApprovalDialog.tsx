// Asks the user to approve one tool call: what it will do, then Yes / No (with an optional reason) / Always for
// this session or this project, with the exact rule "always" adds.
import React from 'react';
import { Box, Text } from 'ink';
import type { PendingApproval } from '../source/store/state.js';
import { approvalChoices, type ApprovalUiState } from '../hooks/approvalKeys.js';
import { diffToLines } from './lines/diffLines.js';
import { paint, sanitize, wrapText } from './lines/style.js';
import { Lines } from './Lines.js';

export interface ApprovalDialogProps {
  approval: PendingApproval;
  /** Approvals waiting in total, this one included. */
  queueCount: number;
  ui: ApprovalUiState;
  width: number;
  /** Most rows the dialog may take; the body is cut to fit. */
  maxHeight: number;
}

/** What the call will do: the command and directory for bash, the diff for edits, else the arguments. */
export function approvalBody(approval: PendingApproval, width: number): string[] {
  if (approval.diff) return [paint('bold', approval.summary), ...diffToLines(approval.diff, width)];
  const command = approval.input.command;
  if (approval.name === 'bash' || typeof command === 'string') {
    const text = typeof command === 'string' ? command : approval.summary;
    return [...wrapText(`$ ${sanitize(text)}`, width), paint('dim', `in ${approval.cwd}`)];
  }
  return wrapText(sanitize(JSON.stringify(approval.input, null, 2)), width);
}

/** Border (2), title, choices or reason input, and the "always" scope. */
const chromeRows = 5;

export function approvalDialogHeight(approval: PendingApproval, width: number, maxHeight: number): number {
  const body = approvalBody(approval, Math.max(1, width - 4)).length;
  return Math.min(maxHeight, chromeRows + body);
}

export function ApprovalDialog({ approval, queueCount, ui, width, maxHeight }: ApprovalDialogProps) {
  const inner = Math.max(1, width - 4);
  const body = approvalBody(approval, inner);
  const room = Math.max(0, maxHeight - chromeRows);
  const shown = body.length > room ? [...body.slice(0, Math.max(0, room - 1)), paint('dim', `… ${body.length - room + 1} more lines`)] : body;
  const waiting = queueCount > 1 ? ` · ${queueCount - 1} more waiting` : '';
  return (
    <Box flexDirection="column" borderStyle="round" borderColor="yellow" paddingX={1} width={width} height={Math.min(maxHeight, chromeRows + shown.length)} flexShrink={0} overflow="hidden">
      <Text bold wrap="truncate-end">
        Allow {approval.name}?<Text dimColor>{approval.reason ? ` (${approval.reason})` : ''}{approval.requester ? ` (${approval.requester})` : ''}{waiting}</Text>
      </Text>
      <Lines lines={room > 0 ? shown.slice(0, room) : []} width={inner} />
      {ui.reasonMode ? (
        <Text wrap="truncate-end">
          Reason (optional, Enter sends, Esc skips): {ui.reason}
          <Text inverse> </Text>
        </Text>
      ) : (
        <Text wrap="truncate-end">
          {approvalChoices.map((choice, i) => (
            <Text key={choice} inverse={i === ui.selected} color={i === ui.selected ? 'cyan' : undefined}>
              {` ${choice} `}
            </Text>
          ))}
          <Text dimColor>  y / n / a / p · ←→ Enter · Esc no</Text>
        </Text>
      )}
      <Text dimColor wrap="truncate-end">
        Always adds: {sanitize(approval.alwaysRules?.join(', ') ?? approval.alwaysScope)}
      </Text>
    </Box>
  );
}
