// A tool call's status line: its mark, name and arguments, and how long it took (or has run so far).
import type { ToolItem } from '../../source/store/state.js';
import { formatDuration, formatElapsed } from '../../source/util/format.js';
import { paint, sanitize } from './style.js';

/** `now` is the clock a running call's elapsed time is shown by (0: not shown; it shows from the first second). */
export function toolHeadLine(item: ToolItem, spinner: string, now = 0): string {
  const args = item.summary ? `(${sanitize(item.summary).replace(/\n/g, ' ')})` : '';
  const name = `${paint('bold', item.name)}${args}`;
  const took = item.durationMs === undefined ? '' : paint('dim', ` · ${formatDuration(item.durationMs)}`);
  switch (item.status) {
    case 'pending':
      return `${paint('cyan', spinner)} ${name}`;
    case 'running': {
      const elapsed = now > 0 && item.startedAt !== undefined ? now - item.startedAt : 0;
      return `${paint('cyan', spinner)} ${name}${elapsed >= 1000 ? paint('dim', ` · ${formatElapsed(elapsed)}`) : ''}`;
    }
    case 'done':
      return `${paint('green', '✓')} ${name}${took}`;
    case 'error':
      return `${paint('red', '✗')} ${name}${took}`;
    case 'noted':
      return `${paint('yellow', '·')} ${name}${took}`;
    case 'denied':
      return `${paint('yellow', '✗')} ${name}${paint('yellow', ' denied')}`;
    case 'interrupted':
      return `${paint('yellow', '■')} ${name}${paint('yellow', ' interrupted')}`;
  }
}
