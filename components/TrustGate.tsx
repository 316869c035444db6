// The screen a session opens behind when a project asks for trust: the question alone, full screen, before anything
// of the project is used. Ctrl+C quits rein.
import { useCallback } from 'react';
import { Box, useInput, useStdin } from 'ink';
import type { TrustDecision, TrustRequest } from '../source/trust/request.js';
import { useTerminalSize } from '../hooks/useTerminalSize.js';
import { useTrustDialog } from '../hooks/useTrustDialog.js';
import { TrustDialog, trustFit } from './TrustDialog.js';

export interface TrustGateProps {
  request: TrustRequest;
  /** The answer, or `quit` for Ctrl+C. */
  onAnswer: (answer: TrustDecision | 'quit') => void;
}

export function TrustGate({ request, onAnswer }: TrustGateProps) {
  const { columns, rows } = useTerminalSize();
  // One row short of the terminal, as every full-screen frame here.
  const height = Math.max(3, rows - 1);
  const fit = trustFit(request, columns, height);
  const answer = useCallback((decision: TrustDecision) => onAnswer(decision), [onAnswer]);
  const dialog = useTrustDialog(answer, { maxScroll: fit.maxScroll, page: Math.max(1, fit.room - 1) });
  const { isRawModeSupported } = useStdin();
  useInput(
    (input, key) => {
      if (key.ctrl && (input === 'c' || input === 'd')) onAnswer('quit');
      else dialog.handleKey(input, key);
    },
    { isActive: isRawModeSupported },
  );
  return (
    <Box flexDirection="column" width={columns} height={height}>
      <TrustDialog request={request} state={dialog.state} width={columns} maxHeight={height} />
    </Box>
  );
}
