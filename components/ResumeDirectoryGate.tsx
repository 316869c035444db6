// The screen shown before a session opens when --resume names one started in another directory: run it there, or start
// a new session here; Esc quits.
import { useRef, useState } from 'react';
import { Box, Text, useInput, useStdin } from 'ink';
import type { ResumeDirectoryChoice, ResumeElsewhere } from '../source/protocol/sessions.js';
import { useTerminalSize } from '../hooks/useTerminalSize.js';
import { resumeDirectoryKey } from '../hooks/resumeDirectoryKeys.js';
import { sanitize, wrapText } from './view/style.js';
import { Lines } from './Lines.js';

export interface ResumeDirectoryGateProps {
  question: ResumeElsewhere;
  onAnswer: (choice: ResumeDirectoryChoice) => void;
}

function resumeDirectoryLabels(q: ResumeElsewhere): string[] {
  return [`1. Run in ${sanitize(q.dir)}`, `2. Start a new session in ${sanitize(q.here)}`];
}

export function ResumeDirectoryGate({ question, onAnswer }: ResumeDirectoryGateProps) {
  const { columns, rows } = useTerminalSize();
  const height = Math.max(3, rows - 1);
  const inner = Math.max(1, columns - 4);
  const [selected, setSelected] = useState(0);
  // Answered once: keys read in the same chunk must not answer again.
  const answered = useRef(false);
  const { isRawModeSupported } = useStdin();
  useInput(
    (input, key) => {
      if (answered.current) return;
      const result = resumeDirectoryKey(selected, input, key);
      setSelected(result.selected);
      if (result.choice) {
        answered.current = true;
        onAnswer(result.choice);
      }
    },
    { isActive: isRawModeSupported },
  );
  const text = wrapText(`Session ${sanitize(question.sessionId)} was started in ${sanitize(question.dir)}, not in this directory. rein can move there to resume it, with that directory's settings.`, inner);
  const labels = resumeDirectoryLabels(question);
  return (
    <Box flexDirection="column" width={columns} height={height}>
      <Box flexDirection="column" borderStyle="round" borderColor="yellow" paddingX={1} width={columns} flexShrink={0} overflow="hidden">
        <Text bold wrap="truncate-end">Resume a session from another directory?</Text>
        <Lines lines={text} width={inner} />
        {labels.map((label, i) => (
          <Text key={label} wrap="truncate-end" inverse={i === selected} color={i === selected ? 'cyan' : undefined}>
            {`${i === selected ? '❯' : ' '} ${label}`}
          </Text>
        ))}
        <Text dimColor wrap="truncate-end">↑/↓ Enter · 1 / 2 · Esc quit</Text>
      </Box>
    </Box>
  );
}
