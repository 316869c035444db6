// Shown instead of the app when rein cannot start a session (no API key): what to set, and how to quit.
import { Box, Text, useInput, useStdin } from 'ink';

export interface SetupScreenProps {
  /** One sentence saying what is missing and what to set. */
  message: string;
  onExit: () => void;
}

/** Every way to a working session, named on the screen a first-time user sees. */
const waysIn: ReadonlyArray<[string, string]> = [
  ['export ANTHROPIC_API_KEY=…', 'Anthropic (Claude)'],
  ['export OPENAI_API_KEY=…', 'OpenAI or any OpenAI-compatible service'],
  ['export DEEPSEEK_API_KEY=…', 'DeepSeek'],
  ['rein --provider openai --base-url http://localhost:11434/v1', 'a local server (Ollama, vLLM…): no key needed'],
];

export function SetupScreen({ message, onExit }: SetupScreenProps) {
  const { isRawModeSupported } = useStdin();
  useInput(
    (input, key) => {
      if (key.escape || key.return || input === 'q' || (key.ctrl && (input === 'c' || input === 'd'))) onExit();
    },
    { isActive: isRawModeSupported },
  );
  return (
    <Box flexDirection="column" paddingX={2} paddingY={1}>
      <Text bold color="yellow">
        rein needs setting up
      </Text>
      <Box marginTop={1}>
        <Text wrap="wrap">{message}</Text>
      </Box>
      <Box marginTop={1} flexDirection="column">
        <Text>Any one of these gets you in:</Text>
        {waysIn.map(([how, what]) => (
          <Text key={how} wrap="wrap">
            {'  '}
            <Text bold>{how}</Text>
            {`  ${what}`}
          </Text>
        ))}
      </Box>
      <Box marginTop={1}>
        <Text dimColor wrap="wrap">
          Then start rein again. Press q, Enter or Esc to quit.
        </Text>
      </Box>
    </Box>
  );
}
