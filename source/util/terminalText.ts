// Makes text from a model or a tool safe to print on a terminal: no escape or control sequences get through.
import { stripVTControlCharacters } from 'node:util';

/**
 * Removes escape sequences (clear screen, cursor moves, title changes, OSC 52 clipboard writes, OSC 8 links) and
 * every other control character except newline and tab; a lone carriage return becomes a newline.
 */
export function stripTerminalControls(text: string): string {
  return stripVTControlCharacters(text)
    .replace(/\r\n?/g, '\n')
    .replace(/[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/g, '');
}

/** What a writer prints: the text unchanged for a pipe or a file, without control sequences for a terminal. */
export const forTerminal = (text: string, isTTY: boolean | undefined): string => (isTTY ? stripTerminalControls(text) : text);
