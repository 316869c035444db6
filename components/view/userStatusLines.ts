// The rows of the user's status line command (Claude Code's `statusLine`): its output cut to the screen, colours kept,
// every other control sequence taken out so a script cannot move the cursor or clear the screen.
import cliTruncate from './cellTruncate.js';
import stringWidth from './cellWidth.js';

/** Most rows the status line takes; a taller output is cut. */
export const userStatusMaxRows = 3;

const reset = '\x1b[0m';

/** One line with only SGR colour codes left in it, tabs as spaces. */
export function cleanStatusText(line: string): string {
  return line
    // OSC (titles, hyperlinks, clipboard) up to BEL or ST: dropped whole, the link's visible text stays.
    .replace(/\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)/g, '')
    // CSI sequences other than SGR (cursor moves, erases).
    .replace(/\x1b\[[0-9;?]*[ -/]*[@-~]/g, (seq) => (seq.endsWith('m') && !seq.includes('?') ? seq : ''))
    // Any escape left that does not open a colour code, and control characters.
    .replace(/\x1b(?!\[[0-9;]*m)[@-Z\\-_]?/g, '')
    .replace(/\t/g, '  ')
    .replace(/[\x00-\x08\x0b-\x1a\x1c-\x1f\x7f]/g, '');
}

/** Up to `maxRows` rows of `text`, each cut to `width`; colours never run into the rows after. */
export function userStatusRows(text: string | undefined, width: number, maxRows: number): string[] {
  if (!text || maxRows <= 0) return [];
  return text.split('\n').slice(0, maxRows).map((raw) => {
    const line = cleanStatusText(raw);
    const cut = stringWidth(line) > width ? cliTruncate(line, width, { position: 'end' }) : line;
    return cut.includes('\x1b[') ? `${cut}${reset}` : cut;
  });
}
