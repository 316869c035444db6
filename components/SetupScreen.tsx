// Shown instead of the app when rein cannot start a session (no API key): what to set, and how to quit.
import { Box, Text, useInput, useStdin } from 'ink';
import { useTerminalSize } from '../hooks/useTerminalSize.js';
import { setupLines } from './view/setupLines.js';

export interface SetupScreenProps {
  /** One sentence saying what is missing and what to set. */
  message: string;
  onExit: () => void;
}

export function SetupScreen({ message, onExit }: SetupScreenProps) {
  const { isRawModeSupported } = useStdin();
  const { columns } = useTerminalSize();
  useInput(
    (input, key) => {
      if (key.escape || key.return || input === 'q' || (key.ctrl && (input === 'c' || input === 'd'))) onExit();
    },
    { isActive: isRawModeSupported },
  );
  // The rows are laid out here (not by Ink's wrapping), so a wrapped way in keeps its indent.
  return (
    <Box flexDirection="column" paddingY={1}>
      {setupLines(message, columns, true).map((row, i) => (
        <Text key={i} wrap="truncate">
          {row === '' ? ' ' : row}
        </Text>
      ))}
    </Box>
  );
}
