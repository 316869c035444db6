// Asks the user to approve one tool call: what it will do, then Yes / No (with an optional reason) / Always for
// this session or this project, with the exact rule "always" adds. On a small screen the chrome gives way first
// and the body scrolls (PgUp/PgDn), so what is being approved is never cut.
import { Box, Text } from 'ink';
import type { PendingApproval } from '../source/store/state.js';
import { approvalChoices, type ApprovalUiState } from '../hooks/approvalKeys.js';
import { alwaysRow, approvalBodyRows, approvalChoiceRow, approvalLayout, approvalScrollHint } from './view/approvalLines.js';
import { sanitize } from './view/style.js';
import { Lines } from './Lines.js';

/** Which kind of rule "always" adds: the exact command, every command starting with its words, or the whole tool. */
const alwaysKindText = { exact: 'exact', prefix: 'prefix', tool: 'whole tool' } as const;

export interface ApprovalDialogProps {
  approval: PendingApproval;
  /** Approvals waiting in total, this one included. */
  queueCount: number;
  ui: ApprovalUiState;
  width: number;
  /** Most rows the dialog may take; the body scrolls to fit. */
  maxHeight: number;
}

export function ApprovalDialog({ approval, queueCount, ui, width, maxHeight }: ApprovalDialogProps) {
  const layout = approvalLayout(approval, width, maxHeight);
  const shown = approvalBodyRows(layout, ui.scroll);
  const waiting = queueCount > 1 ? ` · ${queueCount - 1} more waiting` : '';
  const scrollHint = approvalScrollHint(layout, ui.scroll);
  const choiceRow = approvalChoiceRow(layout.inner);
  return (
    <Box
      flexDirection="column"
      borderStyle={layout.border ? 'round' : undefined}
      borderColor="yellow"
      paddingX={layout.border ? 1 : 0}
      width={width}
      height={layout.height}
      flexShrink={0}
      overflow="hidden"
    >
      <Text bold wrap="truncate-end" color={layout.border ? undefined : 'yellow'}>
        Allow {approval.name}?<Text dimColor>{approval.reason ? ` (${sanitize(approval.reason)})` : ''}{approval.requester ? ` (${sanitize(approval.requester)})` : ''}{waiting}{scrollHint}</Text>
      </Text>
      <Lines lines={shown} width={layout.inner} />
      {ui.reasonMode ? (
        <Text wrap="truncate-end">
          Reason (optional, Enter sends, Esc skips): {ui.reason}
          <Text inverse> </Text>
        </Text>
      ) : (
        <Text wrap="truncate-end">
          {choiceRow.labels.map((label, i) => (
            <Text key={approvalChoices[i]} inverse={i === ui.selected} color={i === ui.selected ? 'cyan' : undefined}>
              {` ${label} `}
            </Text>
          ))}
          <Text dimColor>{choiceRow.hint}</Text>
        </Text>
      )}
      {layout.always ? (
        <Text dimColor wrap="truncate-end">
          {alwaysRow(
            approval.alwaysRules ?? [approval.alwaysScope],
            layout.inner,
            approvalChoices[ui.selected] === 'Always (project)'
              ? 'Saves to .claude/settings.local.json and trusts this project: '
              : `Always adds${approval.alwaysKind ? ` (${alwaysKindText[approval.alwaysKind]})` : ''}: `,
          )}
        </Text>
      ) : null}
    </Box>
  );
}
