// The transcript laid out lazily from the bottom up, kept between calls: one per screen, shared by React renders and live repaints.
import type { TranscriptItem } from '../../source/store/state.js';
import { paint } from './style.js';
import { LineCache, layoutTranscriptTail, type TranscriptLayout } from './transcriptLines.js';

export interface ViewLayout extends TranscriptLayout {
  /** Lines ever added above the laid-out part by reveal(); growth there must not move a scrolled view. */
  addedAbove: number;
}

export interface ViewInput {
  items: readonly TranscriptItem[];
  trimmedCount: number;
  width: number;
  spinner: string;
  /** Changes when the markdown renderer finishes loading, so cached plain text is redone. */
  markdownVersion: number;
  /** Lines to lay out at least, when there are that many. */
  minLines: number;
  /** The clock for running subagents' elapsed time; 0 while none runs, so nothing is laid out again for it. */
  now?: number;
}

const sameInput = (a: ViewInput, b: ViewInput): boolean =>
  a.items === b.items &&
  a.trimmedCount === b.trimmedCount &&
  a.width === b.width &&
  a.spinner === b.spinner &&
  a.markdownVersion === b.markdownVersion &&
  a.minLines === b.minLines &&
  (a.now ?? 0) === (b.now ?? 0);

export class TranscriptView {
  private readonly cache = new LineCache();
  /** The first laid-out item (by identity, so appends and trims keep it), the lines wanted, lines added above. */
  private first: TranscriptItem | undefined;
  private want = 0;
  private addedAbove = 0;
  private last: { input: ViewInput; layout: ViewLayout } | undefined;

  /** The layout for `input`; the same object again while nothing in the input changed and nothing was revealed. */
  layout(input: ViewInput): ViewLayout {
    if (this.last && sameInput(this.last.input, input)) return this.last.layout;
    const { items, trimmedCount, width, spinner } = input;
    this.want = Math.max(this.want, input.minLines);
    const known = this.first ? items.indexOf(this.first) : -1;
    const from = known >= 0 ? known : items.length;
    const laid = layoutTranscriptTail(items, from, this.want, width, spinner, this.cache, input.now ?? 0);
    if (known >= 0) for (let i = laid.from; i < known; i++) this.addedAbove += laid.blocks[i - laid.from].length;
    this.first = items[laid.from];
    let layout: ViewLayout;
    if (laid.from > 0 || trimmedCount === 0) layout = { ...laid, addedAbove: this.addedAbove };
    else {
      const note = [paint('dim', `… ${trimmedCount} earlier items are no longer kept on screen`), ''];
      if (known > 0) this.addedAbove += note.length;
      layout = { blocks: [note, ...laid.blocks], total: laid.total + note.length, from: 0, addedAbove: this.addedAbove };
    }
    this.last = { input, layout };
    return layout;
  }

  /** Asks for at least `lines` laid-out lines from the next layout on; false when that many were already wanted. */
  reveal(lines: number): boolean {
    if (lines <= this.want) return false;
    this.want = lines;
    this.last = undefined;
    return true;
  }
}
