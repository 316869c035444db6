// What bash builtins do to the walk: `cd` moves it, `eval` runs text, `read` and `declare` set variables, and a
// few builtins evaluate a variable name's subscript as code.
import { resolve } from 'node:path';
import { applyAssignments, specialAssignment } from './shellAssignments.js';
import type { SyntaxNode } from './shellParser.js';
import type { Flow, ShellWalk, SimpleCommand } from './shellTypes.js';
import { unionStates, withVar, type ShellState } from './shellState.js';

const same = (s: ShellState): Flow => ({ ok: s, any: s });
const stop: ShellState = { cwds: [], vars: new Map() };

/** A name operand bash reads as a variable name, whose subscript it would evaluate as arithmetic. */
const nameIsCode = (text: string, dynamic: boolean) => dynamic || (/\[/.test(text) && !/^[A-Za-z_][A-Za-z0-9_]*\[[0-9@*]\]$/.test(text));
const subscriptConcern = 'a variable name whose array subscript bash evaluates as code';

/** Why a `[[ … ]]` or `[ … ]` test runs code: `-v` on a subscript, or arithmetic comparison of variables. */
export function codeInTest(node: SyntaxNode): string | undefined {
  const double = node.text.startsWith('[[');
  let found: string | undefined;
  const visit = (n: SyntaxNode) => {
    if (n.type === 'unary_expression') {
      const op = n.namedChildren[0]?.text;
      const operand = n.namedChildren[1];
      if ((op === '-v' || op === '-R') && operand && (/[[$`]/.test(operand.text))) found ??= subscriptConcern;
    }
    if (double && n.type === 'binary_expression') {
      const op = n.children.find((c) => c !== null && (c.type === 'test_operator' || !c.isNamed) && /^-(eq|ne|lt|le|gt|ge)$/.test(c.text));
      if (op && n.namedChildren.some((c) => c !== null && c !== op && !/^-?[0-9]+$/.test(c.text))) found ??= 'arithmetic on a variable, whose value bash evaluates as code';
    }
    for (const child of n.namedChildren) if (child) visit(child);
  };
  visit(node);
  return found;
}

/** Operands after the options of a builtin (`-x`, and the values of the options in `withValue`). */
function operands(words: SimpleCommand['words'], withValue: string): { names: SimpleCommand['words']; values: Map<string, SimpleCommand['words'][number]> } {
  const names: SimpleCommand['words'] = [];
  const values = new Map<string, SimpleCommand['words'][number]>();
  let i = 1;
  for (; i < words.length; i++) {
    const t = words[i].text;
    if (t === '--') { i++; break; }
    if (!/^[-+][A-Za-z]/.test(t) || words[i].dynamic) break;
    const last = t[t.length - 1];
    if (withValue.includes(last) && t.length === 2) values.set(last, words[++i]);
  }
  for (; i < words.length; i++) names.push(words[i]);
  return { names, values };
}

/** The effect of `command` on the walk (state after it), and any concern its operands raise. */
export function builtinEffect(walker: ShellWalk, command: SimpleCommand, state: ShellState, declared: SyntaxNode[], source: string): Flow {
  const [name, ...args] = command.words;
  if (!name || name.dynamic) return same(state);
  const cwd = command.cwd;
  switch (name.text) {
    case 'cd':
    case 'pushd': {
      const { names } = operands(command.words, '');
      const target = names[0];
      let next: string | null;
      if (!target) next = walker.ctx.home;
      else if (target.dynamic || target.glob) next = null;
      else if (target.text === '-') next = walker.ctx.env.OLDPWD ?? null;
      else if (!target.text.startsWith('/') && !/^\.\.?(\/|$)/.test(target.text) && (walker.ctx.env.CDPATH || state.vars.has('CDPATH'))) next = null;
      else next = target.text.startsWith('/') ? resolve(target.text) : cwd === null ? null : resolve(cwd, target.text);
      const moved = withVar({ ...state, cwds: [next] }, 'OLDPWD', cwd === null ? 'unknown' : [[cwd]]);
      return { ok: moved, any: unionStates(moved, state) };
    }
    case 'popd':
      return same({ ...state, cwds: [null] });
    case 'eval': {
      walker.concerns.add('`eval`');
      if (args.some((a) => a.dynamic)) {
        walker.opaque.add('`eval` of text computed when it runs');
        return same(state);
      }
      const after = nested(walker, () => walker.script(args.map((a) => a.text).join(' '), state));
      return same(after);
    }
    case 'source':
    case '.':
      walker.concerns.add(`\`${name.text}\``);
      if (args[0]?.dynamic) walker.opaque.add(`a script ${name.text} reads from a path computed when it runs`);
      return same({ ...state, cwds: [...state.cwds, null], anyVarUnknown: true });
    case 'exit':
    case 'return':
      return same(stop);
    case 'exec':
      return same(args.length > 0 ? stop : state);
    case 'alias':
    case 'trap': {
      walker.concerns.add(name.text === 'alias' ? 'an alias' : 'a trap');
      const scripts = name.text === 'alias' ? args.map((a) => a.text.slice(a.text.indexOf('=') + 1)) : args.slice(0, 1).map((a) => a.text);
      for (const script of scripts) nested(walker, () => walker.script(script, state));
      if (args.some((a) => a.dynamic)) walker.opaque.add(`a ${name.text} computed when it runs`);
      return same(state);
    }
    case 'read':
    case 'mapfile':
    case 'readarray':
    case 'getopts':
    case 'wait':
    case 'printf':
    case 'unset': {
      const { names, values } = operands(command.words, name.text === 'read' ? 'adeinNptu' : name.text === 'printf' ? 'v' : name.text === 'wait' ? 'p' : 'dnOsuCc');
      const targets = name.text === 'printf' ? [values.get('v')] : name.text === 'wait' ? [values.get('p')] : name.text === 'getopts' ? names.slice(1, 2) : name.text === 'read' ? [...names, values.get('a')] : names;
      let next = state;
      for (const t of targets) {
        if (!t) continue;
        if (nameIsCode(t.text, t.dynamic)) walker.concerns.add(subscriptConcern);
        else next = withVar(next, t.text, name.text === 'unset' ? [null] : 'unknown');
      }
      return same(next);
    }
    case 'test':
    case '[': {
      for (let i = 0; i < args.length - 1; i++) {
        if ((args[i].text === '-v' || args[i].text === '-R') && nameIsCode(args[i + 1].text, args[i + 1].dynamic)) walker.concerns.add(subscriptConcern);
      }
      return same(state);
    }
    case 'let':
      if (args.some((a) => /[A-Za-z_]/.test(a.text))) walker.concerns.add('arithmetic on a variable, whose value bash evaluates as code');
      return same(state);
    case 'declare':
    case 'typeset':
    case 'local':
    case 'export':
    case 'readonly': {
      let next = state;
      for (const node of declared) {
        if (node.type === 'variable_assignment') {
          next = applyAssignments(walker, [node], next, source, true);
          continue;
        }
        const text = node.text.replace(/^['"]|['"]$/g, '');
        if (text.startsWith('-') || text.startsWith('+')) continue;
        if (nameIsCode(text, /[$`]/.test(node.text))) walker.concerns.add(subscriptConcern);
        const special = specialAssignment(text.split('=')[0]);
        if (special) walker.concerns.add(special);
        if (text.includes('=')) walker.concerns.add(/\$\(|`/.test(text) ? 'an assignment holding a command substitution, which bash may run' : subscriptConcern);
      }
      return same(next);
    }
  }
  return same(state);
}

/** Runs `walk` one level deeper, so scripts inside scripts stop somewhere. */
function nested<T>(walker: ShellWalk, walk: () => T): T {
  walker.depth++;
  try {
    return walk();
  } finally {
    walker.depth--;
  }
}
