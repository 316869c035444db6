// Holds the dialog state for the approval at the head of the queue and turns its keys into a decision.
import { useCallback, useReducer, useRef } from 'react';
import type { Key } from 'ink';
import type { ApprovalDecision } from '../source/protocol/events.js';
import type { PendingApproval } from '../source/store/state.js';
import { approvalKey, initialApprovalUi, type ApprovalUiState } from './approvalKeys.js';

export interface ApprovalDialogController {
  ui: ApprovalUiState;
  handleKey: (input: string, key: Key) => void;
}

export function useApprovalDialog(
  approval: PendingApproval | undefined,
  respond: (approvalId: string, decision: ApprovalDecision) => void,
  /** How far the dialog's body can scroll at its current size. */
  maxScroll = 0,
  /** Body rows a PgUp/PgDn moves. */
  page = 1,
): ApprovalDialogController {
  const ref = useRef<{ id: string | undefined; ui: ApprovalUiState }>({ id: undefined, ui: initialApprovalUi });
  const [, render] = useReducer((n: number) => n + 1, 0);
  const maxScrollRef = useRef(maxScroll);
  maxScrollRef.current = maxScroll;
  const pageRef = useRef(page);
  pageRef.current = page;
  // A new approval at the head of the queue starts with a fresh dialog.
  if (ref.current.id !== approval?.approvalId) ref.current = { id: approval?.approvalId, ui: initialApprovalUi };

  const handleKey = useCallback(
    (input: string, key: Key) => {
      const id = ref.current.id;
      if (id === undefined) return;
      const result = approvalKey(ref.current.ui, input, key, maxScrollRef.current, pageRef.current);
      if (result.decision) {
        ref.current = { id: undefined, ui: initialApprovalUi };
        respond(id, result.decision);
      } else {
        ref.current = { id, ui: result.state };
      }
      render();
    },
    [respond],
  );
  return { ui: ref.current.ui, handleKey };
}
