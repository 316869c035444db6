// The /resume picker, shown in place of the transcript: saved sessions of this directory, newest first, with the
// filter typed so far; the picked one opens in place.
import { Box, Text } from 'ink';
import type { SessionSummary } from '../source/sessionLog/listSessions.js';
import { pickedIndex, sessionWhen, type ResumePickerUi } from '../hooks/resumePickerKeys.js';
import { paint, sanitize } from './view/style.js';
import { Lines } from './Lines.js';

export interface ResumePanelProps {
  /** The sessions the filter lets through. */
  shown: readonly SessionSummary[];
  /** All sessions listed, before filtering. */
  total: number;
  ui: ResumePickerUi;
  /** Why the sessions could not be listed. */
  error?: string;
  width: number;
  height: number;
}

const oneLine = (text: string): string => sanitize(text).replace(/\s+/g, ' ').trim();

/** One row per session: when, branch, prompts, its name (given with /rename) and first message. */
export function sessionRow(summary: SessionSummary, picked: boolean, branchWidth: number): string {
  const branch = (summary.gitBranch ?? '').slice(0, branchWidth).padEnd(branchWidth);
  const prompts = `${summary.messageCount} ${summary.messageCount === 1 ? 'prompt ' : 'prompts'}`;
  const first = oneLine(summary.firstPrompt) || '(no prompt)';
  // The name goes first, so a narrow screen cuts the prompt rather than the name.
  const name = summary.name === undefined ? '' : oneLine(summary.name);
  const told = name === '' ? (picked ? paint('bold', first) : first) : `${paint(picked ? 'bold' : 'cyan', name)} ${paint('dim', `· ${first}`)}`;
  const text = `${sessionWhen(summary)}  ${branchWidth > 0 ? `${paint('dim', branch)}  ` : ''}${paint('dim', prompts.padStart(10))}  ${told}`;
  return `${picked ? paint('cyan', '❯') : ' '} ${text}`;
}

/** The rows of the list, scrolled so the picked session is on screen within `room` rows. */
function sessionRows(shown: readonly SessionSummary[], ui: ResumePickerUi, room: number): string[] {
  if (room <= 0) return [];
  const picked = pickedIndex(ui, shown);
  const branchWidth = Math.min(20, Math.max(0, ...shown.map((s) => (s.gitBranch ?? '').length)));
  const first = Math.max(0, Math.min(picked - room + 1, shown.length - room));
  return shown.slice(first, first + room).map((s, i) => sessionRow(s, first + i === picked, branchWidth));
}

export function ResumePanel({ shown, total, ui, error, width, height }: ResumePanelProps) {
  // Title, filter, the list, the keys.
  const room = Math.max(0, height - 3);
  const body = error
    ? [paint('red', `  ${sanitize(error)}`)]
    : total === 0
    ? [paint('dim', '  No earlier sessions in this directory.')]
    : shown.length === 0
      ? [paint('dim', `  No session matches "${sanitize(ui.filter)}".`)]
      : sessionRows(shown, ui, room);
  return (
    <Box flexDirection="column" width={width} height={height} overflow="hidden">
      <Text bold wrap="truncate-end">
        Resume a session · {shown.length === total ? `${total}` : `${shown.length} of ${total}`} {total === 1 ? 'session' : 'sessions'}
      </Text>
      <Text wrap="truncate-end">
        <Text dimColor>Filter: </Text>
        {sanitize(ui.filter)}
        <Text inverse> </Text>
      </Text>
      <Box height={room} flexDirection="column">
        <Lines lines={body} width={width} />
      </Box>
      <Text dimColor wrap="truncate-end">
        type to filter (first message, date, branch) · ↑/↓ select · Enter open · Esc close
      </Text>
    </Box>
  );
}
