// History invariants: every tool call is answered exactly once, in order, in the very next user message.
import type { Message } from '../protocol/messages.js';
import { applyHistoryOp, type HistoryOp } from '../protocol/historyOps.js';

export { validateHistory } from './validateHistory.js';
export { repairHistory } from './historyRepair.js';

/**
 * The conversation the model sees: append-only between compactions, and every change reported to
 * `onChange` (the session log) before the caller goes on.
 */
export class Conversation {
  private list: Message[];

  /** `initial` (a resumed history) is taken as it is, without being reported as a change. */
  constructor(private readonly onChange: (change: HistoryOp) => void = () => {}, initial: Message[] = []) {
    this.list = [...initial];
  }

  get messages(): readonly Message[] {
    return this.list;
  }

  get length(): number {
    return this.list.length;
  }

  append(message: Message): void {
    this.apply({ op: 'append', message });
  }

  appendUserText(text: string): void {
    this.apply({ op: 'append_text', text });
  }

  replace(messages: Message[]): void {
    this.apply({ op: 'replace', messages });
  }

  /** Takes another conversation as it is (a saved session opened in place), without reporting it as a change. */
  load(messages: readonly Message[]): void {
    this.list = [...messages];
  }

  private apply(change: HistoryOp): void {
    this.list = applyHistoryOp(this.list, change);
    this.onChange(change);
  }
}

