// The terminal handed to another program for a while (the editor Ctrl+G opens), given by the full-screen renderer.
import { createContext } from 'react';

/** suspend() leaves the full screen and raw input; the function it returns takes them back and repaints the whole screen. */
export interface TerminalHandover {
  suspend(): () => void;
}

/** Absent when rein does not own a terminal (then Ctrl+G says so instead of opening an editor). */
export const TerminalHandoverContext = createContext<TerminalHandover | undefined>(undefined);
