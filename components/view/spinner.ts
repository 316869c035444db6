// The spinner's frames by the clock, and the slot character that lets the full-screen renderer animate it without a render.

export const spinnerFrames = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];
export const spinnerMs = 125;

/** The spinner character the clock shows at `now` (performance.now() milliseconds). */
export const spinnerFrameAt = (now: number): string => spinnerFrames[Math.floor(now / spinnerMs) % spinnerFrames.length];

/**
 * A private-use character, one cell wide like the spinner's frames. Full screen, components draw it where a
 * spinner goes; the renderer puts the current frame in its place on every write and redraws on the spinner's
 * clock, so a turning spinner costs a few changed cells and no React render.
 */
export const SPINNER_SLOT = '\uE000';

/**
 * The frame's rows with every spinner slot showing the spinner as of `now`: a new array with only the rows that hold
 * a slot replaced, or the same array when none does.
 */
export function fillSpinnerSlots(rows: readonly string[], now: number): readonly string[] {
  let filled: string[] | undefined;
  for (let i = 0; i < rows.length; i++) {
    if (!rows[i].includes(SPINNER_SLOT)) continue;
    filled ??= rows.slice();
    filled[i] = rows[i].replaceAll(SPINNER_SLOT, spinnerFrameAt(now));
  }
  return filled ?? rows;
}
