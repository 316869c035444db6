// Walks a parsed bash command the way bash runs it (see shellWalker.ts): every simple command with its words expanded,
// the directory `cd` led it to and the variables set before it, plus the things a prefix rule cannot vouch for.
import { homedir } from 'node:os';
import type { Field } from './expandWord.js';
import { initialState, type ShellContext, type ShellState } from './shellState.js';
import { ShellWalker } from './shellWalker.js';

export interface ShellWord {
  /** The word as bash passes it when that is known; else its source text. */
  text: string;
  /** True when the word's value is only known at run time (a substitution, an unknown variable). */
  dynamic: boolean;
  /** True when an unquoted `*`, `?` or `[` makes it a pattern. */
  glob: boolean;
  /** What it expands to (several fields for a glob); paths and the guard are judged on these. */
  fields: Field[];
}

export interface FileRedirect {
  /** `>`, `>>`, `&>`, `<`, `>&`, `<>`, … */
  operator: string;
  target: ShellWord;
}

export interface SimpleCommand {
  /** Leading `NAME=value` words, as written. */
  assignments: string[];
  /** The same, expanded (`NAME=value` with quotes removed and known variables filled in). */
  assignmentWords?: ShellWord[];
  words: ShellWord[];
  redirects: FileRedirect[];
  /** True when a here-document or here-string feeds its standard input. */
  stdinFromHeredoc: boolean;
  /** True when it reads the output of the command before it in a pipeline. */
  stdinFromPipe: boolean;
  /** That command, when it is a simple one. */
  pipedFrom?: SimpleCommand;
  /** What it reads on standard input, when the command line says (`known` false when that text has expansions). */
  stdin?: { text: string; known: boolean };
  source: string;
  /** The directory it runs in; null when that cannot be known. */
  cwd: string | null;
  state: ShellState;
}

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
