// The frame's layout as pure arithmetic: sidebar and main widths, then the rows each part of the screen gets.

/** Below this width the sidebar hides unless toggled on. */
const sidebarMinColumns = 100;
const promptMaxRows = 8;
const menuMaxRows = 6;
const queuedMaxRows = 3;

export interface FrameSize {
  /** Rows Ink's frame takes: one fewer than the terminal's. */
  frameHeight: number;
  showSidebar: boolean;
  /** Columns of the whole sidebar, border included; 0 when hidden. */
  sidebarWidth: number;
  mainWidth: number;
  /** The transcript's text column: the main width less the scroll bar's. */
  textWidth: number;
  /** A dialog leaves the status bar its row: on a tiny screen it may take all the rest, and its body scrolls. */
  dialogMaxRows: number;
}

export function frameSize(columns: number, rows: number, sidebarPref: boolean | undefined): FrameSize {
  const frameHeight = Math.max(1, rows - 1);
  const showSidebar = sidebarPref ?? columns >= sidebarMinColumns;
  const sidebarWidth = showSidebar ? Math.min(40, Math.max(22, Math.floor(columns * 0.28))) : 0;
  const mainWidth = Math.max(10, columns - sidebarWidth);
  return {
    frameHeight,
    showSidebar,
    sidebarWidth,
    mainWidth,
    textWidth: Math.max(8, mainWidth - 1),
    dialogMaxRows: Math.min(Math.max(1, frameHeight - 1), Math.max(5, Math.floor(frameHeight * 0.7))),
  };
}

export interface FrameHeightsInput {
  frameHeight: number;
  /** A dialog is open: it takes the prompt's place (and the queue's). */
  asking: boolean;
  queued: number;
  userRows: number;
  dialogRows: number;
  /** Rows the prompt's text wants (wrapped), before the cap. */
  promptText: number;
  menuItems: number;
}

export interface FrameHeights {
  queuedRows: number;
  promptRows: number;
  menuRows: number;
  /** What is left for the transcript (or a panel) and the sidebar. */
  mainHeight: number;
}

/** Heights are computed here so the frame is exactly rows − 1 tall. */
export function frameHeights(i: FrameHeightsInput): FrameHeights {
  const queuedRows = i.asking ? 0 : Math.min(i.queued, queuedMaxRows);
  const bottomBudget = Math.max(0, i.frameHeight - 1 - i.userRows - queuedRows - 3);
  // The prompt keeps its rule and one row of text on any screen that has room for them beside the status bar.
  const promptRows = i.asking ? 0 : Math.min(Math.max(bottomBudget, Math.min(2, i.frameHeight - 1)), 1 + Math.min(i.promptText, promptMaxRows));
  const menuRows = i.asking ? 0 : Math.min(Math.min(i.menuItems, menuMaxRows), Math.max(0, bottomBudget - promptRows));
  const mainHeight = Math.max(0, i.frameHeight - 1 - i.userRows - queuedRows - i.dialogRows - promptRows - menuRows);
  return { queuedRows, promptRows, menuRows, mainHeight };
}
