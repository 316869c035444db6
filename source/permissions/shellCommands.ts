// Walks a parsed bash command the way bash runs it (see shellWalker.ts): every simple command with its words expanded,
// the directory `cd` led it to and the variables set before it, plus the things a prefix rule cannot vouch for.
import { homedir } from 'node:os';
import { initialState, type ShellContext, type ShellState } from './shellState.js';
import { ShellWalker } from './shellWalker.js';
import type { SimpleCommand } from './shellTypes.js';

export type { ShellWord, SimpleCommand } from './shellTypes.js';

export interface ShellAnalysis {
  commands: SimpleCommand[];
  /** Why a prefix rule cannot vouch for this command (empty when it can). */
  concerns: string[];
  /** Parts whose commands cannot be known before they run (a computed command name or `eval` text). */
  opaque: string[];
  /** Names of functions that call themselves in the background or twice: fork bombs. */
  forkBombs: string[];
}

/** Requires the parser to be loaded (`loadShellParser`). */
export function analyzeShell(command: string, ctx: ShellContext = { home: homedir(), env: {} }, state: ShellState = initialState(null), depth = 0): ShellAnalysis {
  const walker = new ShellWalker(ctx, depth);
  walker.script(command, state);
  return { commands: walker.commands, concerns: [...walker.concerns], opaque: [...walker.opaque], forkBombs: walker.forkBombs };
}
