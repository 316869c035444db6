// The prompt and its completion menu, the one part of the screen a keystroke changes. Drawn by Ink, it re-renders
// on its own; full screen it hands its rows (with the queue above and the status line below) straight to the frame,
// and a key that changes only them is painted with no React render at all.
import React, { useInsertionEffect, useLayoutEffect, useRef } from 'react';
import type { PromptController, PromptView } from '../hooks/usePromptController.js';
import { usePromptView } from '../hooks/usePromptController.js';
import type { RowOverlay } from './screen/rowOverlay.js';
import { promptLines, slashMenuLines } from './view/bottomLines.js';
import { PromptInput } from './PromptInput.js';
import { SlashMenu } from './SlashMenu.js';

/** Full screen, following the bottom: where the prompt's rows go, between the queued messages and the status line. */
export interface PromptFrame {
  overlay: RowOverlay;
  above: readonly string[];
  /** The user's status line rows, between the prompt (or menu) and rein's status bar. */
  status?: readonly string[];
  below: string;
}

export interface PromptAreaProps {
  controller: PromptController;
  /**
   * The prompt as of the app's render (controller.view()): a new one, after keys or a new command list or file
   * listing for the menu, draws the prompt again with the app.
   */
  view: PromptView;
  width: number;
  /** Rows of the prompt, its rule included; 0 hides it. */
  rows: number;
  /** Rows the completion menu may take. */
  menuRows: number;
  running: boolean;
  spinner: string;
  /** Shown on the rule instead of the run status (the Ctrl+C exit hint). */
  hint?: string;
  /** Full screen: the rows go below the transcript as ready-made rows. Without it the prompt is drawn by Ink. */
  frame?: PromptFrame;
}

function inputFor({ width, rows, running, spinner, hint }: PromptAreaProps, view: PromptView) {
  return { text: view.editor.text, cursor: view.editor.cursor, width, maxRows: rows - 1, running, spinner, hint: hint ?? view.note };
}

/** The rows below the transcript: queued messages, the prompt, the menu, the status line. */
function frameRows(props: PromptAreaProps, frame: PromptFrame, view: PromptView): string[] {
  return [
    ...frame.above,
    ...(props.rows > 0 ? promptLines(inputFor(props, view)).slice(0, props.rows) : []),
    ...slashMenuLines(view.menu.items, view.menu.selected, props.width, props.menuRows),
    // The menu and the status line take turns for those rows: opening the menu hides the status line.
    ...(view.menu.items.length > 0 ? [] : frame.status ?? []),
    frame.below,
  ];
}

export const PromptArea = React.memo(function PromptArea(props: PromptAreaProps) {
  const { controller, frame } = props;
  // Full screen the component does not re-render on a key: the effect below paints the key instead.
  const view = usePromptView(controller, frame === undefined);
  const latest = useRef(props);
  latest.current = props;
  // The prompt state the rows below the transcript show now.
  const drawn = useRef<PromptView | undefined>(undefined);
  // Set by every commit, before Ink writes the frame (see App).
  useInsertionEffect(() => {
    if (!frame) return;
    frame.overlay.setBelow(frameRows(props, frame, view));
    drawn.current = view;
  });

  useLayoutEffect(() => {
    if (!frame) return undefined;
    let queued = false;
    let gone = false;
    // Painted once the key's handling is over: a key that also renders the app (Enter sends) has drawn it already.
    const paint = (): void => {
      queued = false;
      const now = latest.current;
      const next = controller.view();
      if (gone || !now.frame || next === drawn.current) return;
      now.frame.overlay.setBelow(frameRows(now, now.frame, next));
      drawn.current = next;
      now.frame.overlay.redraw();
    };
    const unsubscribe = controller.subscribe(() => {
      if (queued) return;
      queued = true;
      queueMicrotask(paint);
    });
    return () => {
      unsubscribe();
      gone = true;
    };
  }, [controller, frame]);

  if (frame) return null;
  return (
    <>
      {props.rows > 0 ? <PromptInput {...inputFor(props, view)} /> : null}
      <SlashMenu items={view.menu.items} selected={view.menu.selected} width={props.width} maxRows={props.menuRows} />
    </>
  );
});
