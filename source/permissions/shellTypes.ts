// The shapes the shell walk shares between its parts: the words and commands it records, a node's outcome, and what
// the builtin, assignment and redirect helpers may use of the walker (so they need not import it back).
import type { Field } from './expandWord.js';
import type { SyntaxNode } from './shellParser.js';
import type { ShellContext, ShellState } from './shellState.js';
import type { PartsReader } from './shellWords.js';

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

export interface Flow {
  /** The state when the node succeeded (what `&&` continues with). */
  ok: ShellState;
  /** The state whether it succeeded or not. */
  any: ShellState;
}

/** What the helper modules use of the walker (ShellWalker in shellWalker.ts). */
export interface ShellWalk {
  readonly ctx: ShellContext;
  depth: number;
  commands: SimpleCommand[];
  concerns: Set<string>;
  opaque: Set<string>;
  script(text: string, state: ShellState): ShellState;
  reader(source: string, state: ShellState, cwd: string | null): PartsReader;
  words(node: SyntaxNode, state: ShellState, cwd: string | null, source: string): ShellWord[];
  walk(node: SyntaxNode, state: ShellState, source: string): Flow;
  visitSubstitutions(node: SyntaxNode, state: ShellState, source: string): void;
}
