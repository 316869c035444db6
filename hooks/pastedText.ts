// Large pastes shown in the prompt as a short placeholder ("[Pasted text #1 +200 lines]"), their full text kept aside
// and put back in place when the message is sent.

/**
 * A paste longer than this many lines is collapsed: the prompt shows at most 8 rows, so a longer one would push
 * the words typed around it out of view.
 */
const pasteMaxLines = 8;
/** A paste of this many characters or more is collapsed too: at 100 columns 800 characters fill the prompt's 8 rows. */
const pasteMaxChars = 800;

export interface PastedTexts {
  /** The number the next placeholder gets (numbers are never reused within a session). */
  next: number;
  /** Full text by placeholder number, for the pastes in the prompt now. */
  texts: ReadonlyMap<number, string>;
}

export const noPastes: PastedTexts = { next: 1, texts: new Map() };

const lineCount = (text: string): number => text.replace(/\n+$/, '').split('\n').length;

export function isLargePaste(text: string): boolean {
  return text.length >= pasteMaxChars || lineCount(text) > pasteMaxLines;
}

function placeholderFor(id: number, text: string): string {
  const lines = lineCount(text);
  return lines > 1 ? `[Pasted text #${id} +${lines} lines]` : `[Pasted text #${id} +${text.length} chars]`;
}

/** Keeps a large paste aside; returns the text to insert in the prompt (the placeholder) and the new store. */
export function collapsePaste(pastes: PastedTexts, text: string): { insert: string; pastes: PastedTexts } {
  const id = pastes.next;
  const texts = new Map(pastes.texts).set(id, text);
  return { insert: placeholderFor(id, text), pastes: { next: id + 1, texts } };
}

const placeholderPattern = /\[Pasted text #(\d+) \+\d+ (?:lines|chars)\]/g;

/** The prompt's text with every placeholder still intact replaced by the text it stands for. */
export function expandPastes(text: string, pastes: PastedTexts): string {
  if (pastes.texts.size === 0) return text;
  return text.replace(placeholderPattern, (whole, id: string) => {
    const full = pastes.texts.get(Number(id));
    return full !== undefined && whole === placeholderFor(Number(id), full) ? full : whole;
  });
}

/** Where a placeholder ends exactly at `cursor`, its start (Backspace there removes it whole); undefined otherwise. */
export function placeholderEndingAt(text: string, cursor: number, pastes: PastedTexts): number | undefined {
  if (pastes.texts.size === 0 || text[cursor - 1] !== ']') return undefined;
  for (const [id, full] of pastes.texts) {
    const placeholder = placeholderFor(id, full);
    if (text.slice(cursor - placeholder.length, cursor) === placeholder) return cursor - placeholder.length;
  }
  return undefined;
}
