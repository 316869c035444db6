// The /rewind panel, shown in place of the transcript: the session's messages with the files changed since, what to
// restore, and before files are restored, how each would change.
import { Box, Text } from 'ink';
import type { FileChange, RewindPoint, RewindPreview } from '../source/checkpoints/types.js';
import { scopeLabels, scopesFor, type RewindPanelUi } from '../hooks/rewindPanelKeys.js';
import { paint, sanitize } from './view/style.js';
import { Lines } from './Lines.js';

export interface RewindPanelProps {
  ui: RewindPanelUi;
  /** Newest first; undefined while being listed. */
  points?: readonly RewindPoint[];
  preview?: RewindPreview;
  busy: boolean;
  error?: string;
  width: number;
  height: number;
}

const oneLine = (text: string): string => sanitize(text).replace(/\s+/g, ' ').trim();
/** "14:05", the UTC time of the message (dates only when not today would need a clock; the day is in the log). */
const when = (at: string) => at.slice(11, 16);

/** "3 files: a.txt, b.txt, c.txt" or "no files changed since". */
function changedSummary(files: readonly string[]): string {
  if (files.length === 0) return 'no files changed since';
  const shown = files.slice(0, 3).join(', ');
  return `${files.length} ${files.length === 1 ? 'file' : 'files'} changed since: ${shown}${files.length > 3 ? `, +${files.length - 3} more` : ''}`;
}

/** One file of the preview, as the restore will change it. */
function changeRow(change: FileChange, handEdited: boolean): string {
  // The restore undoes what happened since: added lines go, removed lines come back.
  const lines = change.binary ? 'binary' : `${paint('green', `+${change.removed}`)} ${paint('red', `-${change.added}`)}`;
  const what = change.change === 'created' ? 'delete (new since)' : change.change === 'deleted' ? 'bring back' : 'restore';
  return `  ${what.padEnd(18)} ${sanitize(change.path)}  ${lines}${handEdited ? paint('yellow', '  changed by hand, will be overwritten') : ''}`;
}

function listRows(points: readonly RewindPoint[], selected: number, room: number): string[] {
  const first = Math.max(0, Math.min(selected - Math.floor(room / 2) + 1, points.length - Math.floor(room / 2)));
  const rows: string[] = [];
  for (let i = Math.max(0, first); i < points.length && rows.length + 2 <= room; i++) {
    const point = points[i];
    const picked = i === selected;
    const text = oneLine(point.text) || '(empty message)';
    rows.push(`${picked ? paint('cyan', '❯') : ' '} ${paint('dim', when(point.at))}  ${picked ? paint('bold', text) : text}`);
    rows.push(`         ${paint('dim', changedSummary(point.filesChanged))}`);
  }
  return rows;
}

function confirmRows(preview: RewindPreview | undefined, busy: boolean): string[] {
  if (!preview) return [paint('dim', busy ? '  Working out what would change…' : '  The changes could not be worked out.')];
  const hand = new Set(preview.handEdited);
  const rows = preview.files.length === 0 ? [paint('dim', '  No file would change.')] : preview.files.map((f) => changeRow(f, hand.has(f.path)));
  if (preview.handEdited.length > 0) rows.push('', paint('yellow', `  Changed after rein's last snapshot, overwritten by this restore: ${preview.handEdited.join(', ')}`));
  if (preview.notStored.length > 0) rows.push('', paint('dim', `  Too large to keep (checkpoints.maxFileBytes), left as they are: ${preview.notStored.join(', ')}`));
  return rows;
}

export function RewindPanel({ ui, points, preview, busy, error, width, height }: RewindPanelProps) {
  const room = Math.max(0, height - 3);
  const point = points?.[ui.selected];
  let title = 'Rewind · pick a message to go back to';
  let body: string[];
  let keys = '↑/↓ select · Enter choose · Esc close';
  if (points === undefined) body = [paint('dim', '  Listing checkpoints…')];
  else if (points.length === 0) body = [paint('dim', error ? '' : '  No messages to rewind to yet.')];
  else if (ui.stage === 'list') body = listRows(points, ui.selected, room);
  else if (ui.stage === 'choose') {
    title = `Rewind to before "${oneLine(point?.text ?? '')}"`;
    body = scopesFor(point).map((scope, i) => `${i === ui.option ? paint('cyan', '❯') : ' '} ${i + 1}. ${scopeLabels[scope]}`);
    if (point && !point.conversation) body.push('', paint('dim', '  The conversation was compacted or cleared since: only the code can go back.'));
    keys = '↑/↓ or 1-3 select · Enter choose · Esc back';
  } else {
    title = `${scopeLabels[ui.scope]} to before "${oneLine(point?.text ?? '')}"?`;
    body = confirmRows(preview, busy);
    keys = 'Enter/y restore · Esc back';
  }
  if (error) body = [...body, paint('red', `  ${sanitize(error)}`)];
  return (
    <Box flexDirection="column" width={width} height={height} overflow="hidden">
      <Text bold wrap="truncate-end">
        {title}
      </Text>
      <Box height={room + 1} flexDirection="column">
        <Lines lines={body.slice(0, room + 1)} width={width} />
      </Box>
      <Text dimColor wrap="truncate-end">
        {keys}
      </Text>
    </Box>
  );
}
