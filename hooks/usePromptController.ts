// The prompt's controller for the app (one per mount), and the hooks that re-render a component when the prompt changes.
import { useCallback, useContext, useRef, useSyncExternalStore } from 'react';
import { TerminalHandoverContext } from './terminalHandover.js';
import { createPromptController, type PromptController, type PromptSources, type PromptView } from './promptController.js';

export type { PromptController, PromptView } from './promptController.js';

export interface PromptControllerOptions extends PromptSources {
  historyFile: string;
}

/** The same controller on every render; its command list, file getter and submit target follow the latest render. */
export function usePromptController({ historyFile, commands, files, onSubmit }: PromptControllerOptions): PromptController {
  const handover = useContext(TerminalHandoverContext);
  const ref = useRef<PromptController>(undefined);
  ref.current ??= createPromptController(historyFile, { commands, files, onSubmit, handover });
  ref.current.setSources({ commands, files, onSubmit, handover });
  return ref.current;
}

/**
 * The prompt's text, cursor and menu as of this render; with `follow` the component re-renders on every change
 * of them (without it, it reads them when it renders for another reason).
 */
export function usePromptView(controller: PromptController, follow = true): PromptView {
  const subscribe = useCallback((onChange: () => void) => (follow ? controller.subscribe(onChange) : () => undefined), [controller, follow]);
  // Not following, React is given nothing that changes, so it never re-renders the component for the prompt.
  const read = follow ? controller.view : noView;
  return useSyncExternalStore(subscribe, read, read) ?? controller.view();
}

const noView = (): undefined => undefined;

/**
 * A number derived from the prompt (its rows, the menu's length): the component re-renders only when that number
 * changes, so the app is laid out again when the prompt grows a row, not on every key.
 */
export function usePromptMeasure(controller: PromptController, measure: (view: PromptView) => number): number {
  const read = () => measure(controller.view());
  return useSyncExternalStore(controller.subscribe, read, read);
}
