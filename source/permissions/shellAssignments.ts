// Bash assignments (`x=v`, `a=(…)`, `export x=v`): the values they give variables, and the ones that are code.
import { expandParts } from './expandWord.js';
import type { SyntaxNode } from './shellParser.js';
import { withVar, type Possible, type ShellState } from './shellState.js';
import type { ShellWalk, ShellWord } from './shellTypes.js';
import { wordParts } from './shellWords.js';

/** Variables that change which program a later command runs, or what it loads. */
const steeringVariables = /^(PATH|LD_[A-Z_]+|BASH_ENV|ENV|IFS|CDPATH|GLOBIGNORE|BASHOPTS|SHELLOPTS|PS4|PROMPT_COMMAND|BASH_FUNC_.*|BASH_LOADABLES_PATH|PYTHONPATH|PYTHONSTARTUP|PYTHONHOME|NODE_OPTIONS|NODE_PATH|PERL5LIB|PERL5OPT|PERLLIB|RUBYOPT|RUBYLIB|GIT_[A-Z_]+|GCONV_PATH|MAKEFLAGS|EDITOR|VISUAL|PAGER|SHELL|npm_config_.*|NPM_CONFIG_.*|DYLD_[A-Z_]+|JAVA_TOOL_OPTIONS|_JAVA_OPTIONS)$/;

export function specialAssignment(name: string): string | undefined {
  const base = name.replace(/\[.*$/, '');
  return steeringVariables.test(base) ? `it sets ${base}, which changes what later commands run` : undefined;
}

/** A `declare`/`export` operand `NAME=value` as one word. */
export function declaredWord(walker: ShellWalk, node: SyntaxNode, state: ShellState, cwd: string | null, source: string): ShellWord {
  const value = node.namedChildren.at(-1);
  const reader = walker.reader(source, state, cwd);
  const parts = value && value.type !== 'variable_name' ? wordParts(value, reader) : [];
  if (reader.notes.code) walker.concerns.add(reader.notes.code);
  const name = node.text.slice(0, node.text.indexOf('=') + 1);
  const fields = expandParts(parts, state, cwd, walker.ctx, true);
  const dynamic = fields.some((f) => f.unknown || f.sensitive);
  return { text: dynamic ? node.text : `${name}${fields.map((f) => f.value).join('')}`, dynamic, glob: false, fields };
}

/** Applies `NAME=value` words (standalone when `lasting`); returns the state after them. */
export function applyAssignments(walker: ShellWalk, nodes: SyntaxNode[], state: ShellState, source: string, lasting: boolean): ShellState {
  let next = state;
  for (const node of nodes) {
    const target = node.namedChildren[0];
    const value = node.namedChildren.length > 1 ? node.namedChildren.at(-1) : undefined;
    const rawValue = node.text.slice(node.text.indexOf('=') + 1);
    if (/\$\(|`|<\(|>\(/.test(rawValue)) walker.concerns.add('an assignment holding a command substitution, which bash may run');
    if (target?.type === 'subscript' && !/^[A-Za-z_][A-Za-z0-9_]*\[[0-9]+\]$/.test(target.text)) walker.concerns.add('an array subscript bash evaluates as arithmetic');
    const special = lasting ? specialAssignment(target?.text ?? '') : undefined;
    if (special) walker.concerns.add(special);
    const possible = value ? valueOf(walker, value, next, source) : [['']];
    if (lasting && target?.type === 'variable_name') next = withVar(next, target.text, node.text.includes('+=') ? 'unknown' : possible);
    else if (lasting && target?.type === 'subscript') next = withVar(next, target.namedChildren[0]?.text ?? '', 'unknown');
  }
  return next;
}

/** The possible values of an assignment's value node (an array for `(…)`). */
function valueOf(walker: ShellWalk, value: SyntaxNode, state: ShellState, source: string): Possible {
  const cwd = state.cwds.length === 1 ? state.cwds[0] : null;
  if (value.type === 'array') {
    const words = value.namedChildren.filter((c): c is SyntaxNode => c !== null).flatMap((c) => walker.words(c, state, cwd, source));
    if (words.some((w) => w.dynamic || w.glob)) return 'unknown';
    return [words.map((w) => w.text)];
  }
  const reader = walker.reader(source, state, cwd);
  const parts = wordParts(value, reader);
  if (reader.notes.code) walker.concerns.add(reader.notes.code);
  const fields = expandParts(parts, state, cwd, walker.ctx, true);
  if (fields.some((f) => f.unknown)) return 'unknown';
  return [[fields.map((f) => f.value).join('')]];
}
