// Calls for the user when it matters and they are elsewhere: a run ended, or an approval or question waits, while the
// terminal is not focused. The bell, or a desktop notification through the terminal (OSC 9, OSC 777).
import type { NotificationStyle } from '../source/config/types.js';
import type { AppState } from '../source/store/state.js';
import type { AppStore } from '../source/store/store.js';

const BEL = '\x07';

/** Control characters (ESC and BEL above all) would end the sequence early or start another: they become spaces. */
const clean = (text: string): string => text.replace(/[\s\u0000-\u001f\u007f-\u009f;]+/g, ' ').trim().slice(0, 200);

/** The bytes that call for attention in `style` ('' for off); OSC 777 carries a title, OSC 9 the body alone. */
export function notificationSequence(style: NotificationStyle, title: string, body: string): string {
  switch (style) {
    case 'bell':
      return BEL;
    case 'osc9':
      return `\x1b]9;${clean(`${title}: ${body}`)}${BEL}`;
    case 'osc777':
      return `\x1b]777;notify;${clean(title)};${clean(body)}${BEL}`;
    case 'off':
      return '';
  }
}

/** What, if anything, between two states asks for the user: a run (or compaction) that ended, or a new question. */
function attentionReason(previous: AppState, next: AppState): string | undefined {
  if (next.approvals.length > previous.approvals.length) {
    const asked = next.approvals.at(-1);
    return asked ? `waiting for approval: ${asked.name} ${asked.summary}` : 'waiting for approval';
  }
  if (next.questions.length > previous.questions.length) return 'waiting for your answer';
  if (next.turnLimit !== undefined && previous.turnLimit === undefined) return `stopped at the turn limit (${next.turnLimit.turns} turns): continue?`;
  if (previous.running && !next.running) return 'the run has ended';
  return undefined;
}

export interface AttentionOptions {
  store: AppStore;
  style: NotificationStyle;
  /** Whether the terminal has focus now. */
  focused: () => boolean;
  /** Writes the sequence to the terminal, between frames. */
  write: (sequence: string) => void;
}

/** Watches the store until the returned function is called. */
export function watchAttention(o: AttentionOptions): () => void {
  if (o.style === 'off') return () => undefined;
  return o.store.subscribe((next, previous) => {
    const reason = attentionReason(previous, next);
    if (reason !== undefined && !o.focused()) o.write(notificationSequence(o.style, 'rein', reason));
  });
}
