// The one keyboard listener: routes each key to its owner (the top of the modal stack, global keys, the prompt).
import { useCallback, useEffect, useRef, useState } from 'react';
import { useInput, useStdin, type Key } from 'ink';
import type { KeyBindings } from '../source/config/keys.js';
import { createKeyChunker, noKey, type WheelEvent } from './keyChunks.js';
import { globalKeyAction, type GlobalAction } from './keymap.js';
import type { Modal } from './modalStack.js';

export interface KeymapOptions {
  /** The top of the modal stack (a dialog or a panel): it owns the keyboard while it is there. */
  modal?: Modal;
  /** Esc pressed twice on an empty prompt with no run active. */
  onDoubleEscape?: () => void;
  /** The prompt; returns false for keys it does not use. `pasted` marks a whole paste. */
  prompt: (input: string, key: Key, pasted?: boolean) => boolean;
  /** The prompt takes every key for now (a Ctrl+R search: Esc ends the search, not the run). */
  promptOwnsKeys?: () => boolean;
  /** A run is active. */
  running: boolean;
  /** Asked at each key: the prompt changes without the app rendering again. */
  promptEmpty(): boolean;
  /** The configured global keys; the defaults when not given. */
  bindings?: KeyBindings;
  onAction(action: GlobalAction): void;
  /** A mouse wheel notch (other mouse reports are dropped, never typed). */
  onWheel?(event: WheelEvent): void;
  /** First Ctrl+C: stop what is going on (the caller decides what). */
  onInterrupt(): void;
  /** Ctrl+L: clear the terminal and draw the whole screen again, whatever has the keys. */
  onRefresh?(): void;
  /** Second Ctrl+C within the window. */
  onExit(): void;
  /** Clock for the Ctrl+C window; tests may inject one. */
  now?: () => number;
}

const ctrlCWindowMs = 2000;
const doubleEscapeWindowMs = 800;

/** Installs the key routing and returns whether a first Ctrl+C is waiting for its second. */
export function useKeymap(options: KeymapOptions): { exitArmed: boolean } {
  const { isRawModeSupported, internal_eventEmitter: rawInput } = useStdin();
  const ref = useRef(options);
  ref.current = options;
  const lastCtrlC = useRef<number | undefined>(undefined);
  const lastEscape = useRef<number | undefined>(undefined);
  const [exitArmed, setExitArmed] = useState(false);
  const chunker = useRef(createKeyChunker());
  // Ink marks every Esc as meta, a lone one too: what the terminal sent tells one press from two read together.
  const escapePair = useRef(false);
  useEffect(() => {
    const onRaw = (data: string): void => {
      escapePair.current = data === '\x1b\x1b';
    };
    // Ahead of Ink's own listener, so the flag is set before the key it belongs to is handled.
    rawInput.prependListener('input', onRaw);
    return () => {
      rawInput.off('input', onRaw);
    };
  }, [rawInput]);

  useEffect(() => {
    if (!exitArmed) return;
    const timer = setTimeout(() => setExitArmed(false), ctrlCWindowMs);
    return () => clearTimeout(timer);
  }, [exitArmed]);

  /** Routes one key to its owner. */
  const routeKey = useCallback((input: string, key: Key): void => {
    const o = ref.current;
    const now = (o.now ?? Date.now)();
    if (key.ctrl && input === 'c') {
      if (lastCtrlC.current !== undefined && now - lastCtrlC.current <= ctrlCWindowMs) {
        lastCtrlC.current = undefined;
        o.onExit();
        return;
      }
      lastCtrlC.current = now;
      setExitArmed(true);
      o.onInterrupt();
      return;
    }
    if (key.ctrl && input === 'l') {
      o.onRefresh?.();
      return;
    }
    if (o.modal) {
      o.modal.handleKey(input, key);
      return;
    }
    if (o.promptOwnsKeys?.()) {
      o.prompt(input, key);
      return;
    }
    const context = { running: o.running, promptEmpty: o.promptEmpty() };
    const firstEscape = lastEscape.current;
    lastEscape.current = key.escape && !context.running && context.promptEmpty ? now : undefined;
    // Two presses read in one chunk, or a second press soon after the first.
    const pair = key.escape && escapePair.current;
    escapePair.current = false;
    const twice = pair || (firstEscape !== undefined && now - firstEscape <= doubleEscapeWindowMs);
    if (lastEscape.current !== undefined && twice && o.onDoubleEscape) {
      lastEscape.current = undefined;
      o.onDoubleEscape();
      return;
    }
    const action = globalKeyAction(input, key, context, o.bindings);
    if (action) {
      o.onAction(action);
      return;
    }
    o.prompt(input, key);
  }, []);

  // One handler for the app's whole life: Ink re-registers its listener whenever the handler changes.
  const onInput = useCallback(
    (input: string, key: Key) => {
      // Two Ctrl+C read in one chunk (a fast double press while the app was busy) exit at once.
      if (input.length >= 2 && [...input].every((ch) => ch === '\u0003')) {
        lastCtrlC.current = undefined;
        ref.current.onExit();
        return;
      }
      for (const event of chunker.current(input, key)) {
        if (event.kind === 'key') routeKey(event.input, event.key);
        else if (event.kind === 'wheel') ref.current.onWheel?.(event);
        // A paste is text for the prompt (or the /resume filter); a dialog or panel never takes pasted characters as answers.
        else if (ref.current.modal) {
          if (ref.current.modal.takesPaste) ref.current.modal.handleKey(event.text, noKey);
        } else ref.current.prompt(event.text, noKey, true);
      }
    },
    [routeKey],
  );
  useInput(onInput, { isActive: isRawModeSupported });
  return { exitArmed };
}
