// Terminal focus reporting (DECSET 1004): the terminal sends ESC[I when its window gains focus and ESC[O when it loses it.

// ESC[O with nothing after "[": parameterised sequences (ESC[1;5O…) and SS3 keys (ESC O P) never match.
const focusReport = /\x1b\[([IO])/g;

/** The focus the last report in a chunk of raw input tells (true = focused), or undefined when the chunk holds none. */
export function lastFocusReport(data: string): boolean | undefined {
  let focused: boolean | undefined;
  for (const match of data.matchAll(focusReport)) focused = match[1] === 'I';
  return focused;
}

export interface FocusTracker {
  /** Whether the terminal has focus: true until it reports otherwise (a terminal without focus reports never does). */
  focused(): boolean;
  /** Reads a chunk of raw terminal input for focus reports. */
  read(data: string | Uint8Array): void;
}

export function createFocusTracker(): FocusTracker {
  let focused = true;
  return {
    focused: () => focused,
    read(data) {
      const text = typeof data === 'string' ? data : Buffer.from(data).toString('utf8');
      focused = lastFocusReport(text) ?? focused;
    },
  };
}
