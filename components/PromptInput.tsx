// The multi-line prompt: a rule with the run status, then the text with its cursor, scrolled to keep the cursor in view.
import React from 'react';
import { Box, Text } from 'ink';

export interface PromptInputProps {
  text: string;
  cursor: number;
  width: number;
  /** Most rows of text shown; longer prompts scroll with the cursor. */
  maxRows: number;
  running: boolean;
  /** Shown on the rule above the prompt (e.g. "Press Ctrl+C again to exit."). */
  hint?: string;
  spinner?: string;
}

interface PromptRow {
  text: string;
  /** Column of the cursor when it is on this row. */
  cursor?: number;
}

/** Splits the text into rows of `width - 2` characters (after the "❯ " gutter), marking the cursor's row. */
export function layoutPrompt(text: string, cursor: number, width: number): PromptRow[] {
  const inner = Math.max(1, width - 2);
  const rows: PromptRow[] = [];
  let offset = 0;
  for (const line of text.split('\n')) {
    const chunks = line.length === 0 ? [''] : (line.match(new RegExp(`[\\s\\S]{1,${inner}}`, 'g')) ?? ['']);
    let start = offset;
    chunks.forEach((chunk, i) => {
      const last = i === chunks.length - 1;
      const end = start + chunk.length;
      const here = cursor >= start && (cursor < end || (last && cursor === end));
      rows.push(here ? { text: chunk, cursor: cursor - start } : { text: chunk });
      start = end;
    });
    offset += line.length + 1;
  }
  return rows;
}

export function promptHeight(text: string, width: number, maxRows: number): number {
  return 1 + Math.min(maxRows, layoutPrompt(text, 0, width).length);
}

/**
 * The cursor as an inverse cell. Written as raw SGR so it stays when colours are off (NO_COLOR, CI):
 * inverse is not a colour, and without it a typed space would show nothing.
 */
function cursorCell(char: string): string {
  return `\x1b[7m${char}\x1b[27m`;
}

function RowText({ row, showCursor }: { row: PromptRow; showCursor: boolean }) {
  if (!showCursor || row.cursor === undefined) return <Text>{row.text || ' '}</Text>;
  const before = row.text.slice(0, row.cursor);
  const at = row.text[row.cursor] ?? ' ';
  const after = row.text.slice(row.cursor + 1);
  return (
    <Text>
      {before}
      <Text>{cursorCell(at)}</Text>
      {after}
    </Text>
  );
}

export function PromptInput({ text, cursor, width, maxRows, running, hint, spinner = '⠋' }: PromptInputProps) {
  const rows = layoutPrompt(text, cursor, width);
  const cursorRow = Math.max(0, rows.findIndex((r) => r.cursor !== undefined));
  const first = Math.min(Math.max(0, cursorRow - maxRows + 1), Math.max(0, rows.length - maxRows));
  const visible = rows.slice(first, first + maxRows);
  const status = hint ?? (running ? `${spinner} Working… Esc to interrupt · Enter queues a message` : '');
  const rule = status ? `── ${status} ` : '';
  return (
    <Box flexDirection="column" width={width} flexShrink={0}>
      <Text dimColor={!hint} color={hint ? 'yellow' : undefined} wrap="truncate-end">
        {rule}
        {'─'.repeat(Math.max(0, width - rule.length))}
      </Text>
      {text === '' ? (
        <Text wrap="truncate-end">
          <Text color="cyan">❯ </Text>
          <Text>{cursorCell(' ')}</Text>
          <Text dimColor>{running ? 'Type to queue a message' : 'Type a message, / for commands, /help for keys'}</Text>
        </Text>
      ) : (
        visible.map((row, i) => (
          <Text key={first + i} wrap="truncate-end">
            <Text color="cyan">{first + i === 0 ? '❯ ' : '  '}</Text>
            <RowText row={row} showCursor />
          </Text>
        ))
      )}
    </Box>
  );
}
