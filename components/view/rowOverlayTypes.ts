// What the full-screen renderer's row overlay offers the layers above it (its implementation lives in components/screen).

export interface RowOverlay {
  /** Rows to paint over the first `width` columns of the frame's top rows; undefined removes them. */
  set(rows: readonly string[] | undefined, width: number): void;
  /**
   * Rows drawn above Ink's whole frame (Ink then lays out only what is below): each is `rows[i]` fitted to
   * `width`, followed by `side[i]` when given; undefined puts Ink's frame back at the top.
   */
  setAbove(above: AboveRows | undefined): void;
  /**
   * Rows drawn below Ink's frame, each already fitted to the screen's width; only together with rows above
   * (Ink's frame then holds nothing or a few rows between them). Undefined removes them.
   */
  setBelow(rows: readonly string[] | undefined): void;
  /**
   * A row that follows the clock (the status line of a working run): drawn in place of the last row below Ink's
   * frame, asked for again on every compose. Undefined draws the rows below as given.
   */
  setLiveRow(row: (() => string) | undefined): void;
  /** True when the live row would now draw differently from the last composed frame (the renderer's timer asks). */
  liveRowChanged(): boolean;
  /**
   * Replaces the rows above Ink's frame and redraws the screen with Ink's last frame below them, without a
   * React render: how streamed lines reach the screen while Ink's part (prompt, status bar) stays as it was.
   */
  repaint(above: AboveRows): void;
  /**
   * Redraws the screen from Ink's last frame and the rows as they are now, without a React render: how a key
   * reaches the screen when it changed only the prompt's rows below (see setBelow).
   */
  redraw(): void;
  /** Clears the terminal and draws the whole frame again (Ctrl+L), for a screen something else wrote over. */
  refresh(): void;
  /** Ink's frame (rows joined by '\n') with the overlay rows spliced in, as the screen's rows (no row holds a '\n'). */
  applyRows(frame: string): readonly string[];
  /**
   * For the rows the last applyRows gave, what of each moves when the transcript scrolls: the transcript's part of
   * a row with a side row beside it (the side stays put), undefined for a whole row; undefined when no row has one.
   */
  scrollKeys(): readonly (string | undefined)[] | undefined;
}

export interface AboveRows {
  rows: readonly string[];
  width: number;
  height: number;
  /** Ready-made rows drawn right of the `width` columns. */
  side?: readonly string[];
}
