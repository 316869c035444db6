// Walks a parsed bash command the way bash runs it: statements in order, `&&` and `||`, pipelines, subshells,
// loops and branches, carrying the directory and the variables each simple command sees.
import { expandParts, type Field } from './expandWord.js';
import { matchGlob } from './globMatch.js';
import { joinContinuations } from './lineJoin.js';
import { applyAssignments, declaredWord } from './shellAssignments.js';
import { builtinEffect, codeInTest } from './shellBuiltins.js';
import type { Flow, ShellWalk, ShellWord, SimpleCommand } from './shellTypes.js';
import { hasSyntaxError, withSyntaxTree, type SyntaxNode } from './shellParser.js';
import { commandOutput, recordRedirect } from './shellRedirects.js';
import { unionStates, withVar, type ShellContext, type ShellState } from './shellState.js';
import { hasActiveGlob, literalText, wordParts, type Part, type PartsReader } from './shellWords.js';

const redirectTypes = new Set(['file_redirect', 'heredoc_redirect', 'herestring_redirect']);
const maxDepth = 8;
const lit = (text: string): ShellWord => ({ text, dynamic: false, glob: false, fields: [{ value: text, unknown: false }] });

const same = (s: ShellState): Flow => ({ ok: s, any: s });

export class ShellWalker implements ShellWalk {
  commands: SimpleCommand[] = [];
  concerns = new Set<string>();
  opaque = new Set<string>();
  forkBombs: string[] = [];
  private functions = new Set<string>();

  constructor(readonly ctx: ShellContext, public depth = 0) {}

  /** Parses `text` and walks it from `state`; returns the state after it. */
  script(text: string, state: ShellState): ShellState {
    if (this.depth > maxDepth) {
      this.concerns.add('commands nested too deep to follow');
      this.opaque.add('commands nested too deep to follow');
      return state;
    }
    const joined = joinContinuations(text);
    return withSyntaxTree(joined, (root) => {
      if (root.hasError && hasSyntaxError(root)) {
        // Bash runs the lines before an error and may read the rest otherwise: what rein cannot parse it cannot judge.
        this.concerns.add('a syntax error');
        this.opaque.add('text rein cannot parse');
      }
      return this.sequence(root, state, joined).any;
    });
  }

  reader(source: string, state: ShellState, cwd: string | null): PartsReader {
    return {
      source,
      notes: {},
      substitution: (node) => {
        this.concerns.add(node.type === 'process_substitution' ? 'process substitution' : 'command substitution');
        this.sequence(node, { ...state, cwds: [cwd] }, source);
      },
    };
  }

  /** Expands a word node into the words bash passes (several for braces, splitting or a glob). */
  words(node: SyntaxNode, state: ShellState, cwd: string | null, source: string): ShellWord[] {
    const reader = this.reader(source, state, cwd);
    const parts = wordParts(node, reader);
    if (reader.notes.code) this.concerns.add(reader.notes.code);
    return this.partsToWords(parts, state, cwd);
  }

  partsToWords(parts: Part[], state: ShellState, cwd: string | null): ShellWord[] {
    const fields = expandParts(parts, state, cwd, this.ctx);
    if (fields.every((f) => !f.unknown && !f.pattern && !f.sensitive && !f.homeOf)) {
      return fields.map((f) => ({ text: f.value, dynamic: false, glob: false, fields: [f] }));
    }
    const literal = literalText(parts);
    const raw = parts.map((p) => (p.kind === 'lit' ? p.text : p.source)).join('');
    const expanded: Field[] = [];
    for (const f of fields) {
      const matches = f.pattern && !f.unknown && cwd !== null ? matchGlob(f.pattern, cwd) : undefined;
      if (matches) expanded.push(...matches.map((m) => ({ value: m, unknown: false, pattern: f.pattern })));
      else expanded.push(f);
    }
    const dynamic = fields.some((f) => f.unknown || f.sensitive) || (literal === undefined && fields.length !== 1);
    return [{ text: literal ?? raw, dynamic, glob: hasActiveGlob(parts), fields: expanded }];
  }

  /** Runs the statements under `node` in order. */
  sequence(node: SyntaxNode, state: ShellState, source: string): Flow {
    let flow = same(state);
    const children = node.children.filter((c): c is SyntaxNode => c !== null);
    for (let i = 0; i < children.length; i++) {
      const child = children[i];
      if (!child.isNamed) continue;
      if (child.type === 'comment') continue;
      const background = children[i + 1]?.type === '&';
      const after = this.walk(child, flow.any, source);
      flow = background ? same(flow.any) : after;
    }
    return flow;
  }

  walk(node: SyntaxNode, state: ShellState, source: string): Flow {
    switch (node.type) {
      case 'program':
      case 'do_group':
      case 'else_clause':
        return this.sequence(node, state, source);
      case 'compound_statement':
        if (node.child(0)?.type === '((') {
          if (/[A-Za-z_]/.test(node.text.slice(2, -2))) this.concerns.add('arithmetic on a variable, whose value bash evaluates as code');
          this.visitSubstitutions(node, state, source);
          return same(state);
        }
        return this.sequence(node, state, source);
      case 'subshell':
        this.sequence(node, state, source);
        return same(state);
      case 'command':
        return this.command(node, state, source, []);
      case 'declaration_command':
      case 'unset_command':
        return this.command(node, state, source, []);
      case 'redirected_statement':
        return this.redirected(node, state, source);
      case 'list':
        return this.list(node, state, source);
      case 'pipeline':
        return this.pipeline(node, state, source);
      case 'negated_command':
        return this.sequence(node, state, source);
      case 'variable_assignment':
      case 'variable_assignments':
        return same(applyAssignments(this, node.type === 'variable_assignment' ? [node] : node.namedChildren.filter((c): c is SyntaxNode => c !== null), state, source, true));
      case 'function_definition':
        return same(this.functionDefinition(node, state, source));
      case 'if_statement':
      case 'case_statement':
      case 'while_statement':
      case 'for_statement':
      case 'c_style_for_statement':
        return same(this.compound(node, state, source));
      case 'test_command': {
        const code = codeInTest(node);
        if (code) this.concerns.add(code);
        this.visitSubstitutions(node, state, source);
        // A test is a command of its own for rules and plan mode (`[[ … ]]` only tests).
        this.record([lit(node.text.startsWith('[[') ? '[[' : '[')], [], state, state.cwds[0] ?? null, node.text);
        return same(state);
      }
      default:
        return this.sequence(node, state, source);
    }
  }

  visitSubstitutions(node: SyntaxNode, state: ShellState, source: string): void {
    for (const child of node.namedChildren) {
      if (!child) continue;
      if (child.type === 'command_substitution' || child.type === 'process_substitution') {
        this.concerns.add(child.type === 'command_substitution' ? 'command substitution' : 'process substitution');
        this.sequence(child, state, source);
      } else this.visitSubstitutions(child, state, source);
    }
  }

  private list(node: SyntaxNode, state: ShellState, source: string): Flow {
    const [left, right] = node.namedChildren.filter((c): c is SyntaxNode => c !== null && c.type !== 'comment');
    const op = node.children.find((c) => c !== null && !c.isNamed && (c.type === '&&' || c.type === '||'))?.type;
    const l = this.walk(left, state, source);
    if (!right) return l;
    if (op === '&&') {
      const r = this.walk(right, l.ok, source);
      return { ok: r.ok, any: unionStates(l.any, r.any) };
    }
    const r = this.walk(right, l.any, source);
    return { ok: unionStates(l.ok, r.ok), any: unionStates(l.ok, r.any) };
  }

  private pipeline(node: SyntaxNode, state: ShellState, source: string): Flow {
    let before: SimpleCommand | undefined;
    for (const child of node.namedChildren) {
      if (!child) continue;
      const start = this.commands.length;
      this.walk(child, state, source);
      const first = this.commands[start];
      if (first && before) {
        first.stdinFromPipe = true;
        first.pipedFrom = before;
        if (!first.stdin) first.stdin = commandOutput(before);
      }
      before = this.commands[start];
    }
    return same(state);
  }

  private redirected(node: SyntaxNode, state: ShellState, source: string): Flow {
    const start = this.commands.length;
    const body = node.namedChildren.filter((c): c is SyntaxNode => c !== null && !redirectTypes.has(c.type));
    let flow = same(state);
    for (const b of body) flow = this.walk(b, flow.any, source);
    const targets = this.commands.slice(start);
    if (targets.length === 0) {
      const shell = this.record([], [], state, null, node.text);
      targets.push(shell);
    }
    for (const r of node.namedChildren) {
      if (!r || !redirectTypes.has(r.type)) continue;
      for (const command of targets) recordRedirect(this, r, command, state, source);
    }
    return flow;
  }

  /** Adds a simple command with its words already expanded. */
  record(words: ShellWord[], assignments: string[], state: ShellState, cwd: string | null, text: string): SimpleCommand {
    const command: SimpleCommand = { assignments, words, redirects: [], stdinFromHeredoc: false, stdinFromPipe: false, source: text, cwd, state };
    this.commands.push(command);
    return command;
  }

  private command(node: SyntaxNode, state: ShellState, source: string, via: string[]): Flow {
    const cwds = state.cwds.length > 0 ? state.cwds : [null];
    const assignmentNodes: SyntaxNode[] = [];
    const wordNodes: SyntaxNode[] = [];
    const redirectNodes: SyntaxNode[] = [];
    const declaration = node.type !== 'command';
    if (declaration) wordNodes.push(node.child(0) as SyntaxNode);
    for (const child of node.namedChildren) {
      if (!child || child.type === 'comment') continue;
      if (redirectTypes.has(child.type)) redirectNodes.push(child);
      else if (child.type === 'variable_assignment' && !declaration && wordNodes.length === 0) assignmentNodes.push(child);
      else wordNodes.push(child);
    }
    applyAssignments(this, assignmentNodes, state, source, false);
    const outcomes: Flow[] = [];
    for (const cwd of cwds) {
      const words = declaration
        ? [lit(node.child(0)?.text ?? node.type), ...wordNodes.slice(1).flatMap((w) => (w.type === 'variable_assignment' ? [declaredWord(this, w, state, cwd, source)] : this.words(w, state, cwd, source)))]
        : wordNodes.flatMap((w) => this.words(w, state, cwd, source));
      const command = this.record(words, assignmentNodes.map((a) => a.text), state, cwd, node.text);
      if (assignmentNodes.length > 0) command.assignmentWords = assignmentNodes.map((a) => declaredWord(this, a, state, cwd, source));
      for (const r of redirectNodes) recordRedirect(this, r, command, state, source);
      const name = words[0];
      if (name?.dynamic) {
        this.concerns.add('a variable in command position');
        // A variable of the environment the command starts with (`$EDITOR`) is known; anything else is not.
        if (name.fields.length !== 1 || name.fields[0].unknown) this.opaque.add('a command name computed when it runs');
      } else if (name?.glob) this.concerns.add('a glob in command position');
      if (via.length > 0) command.source = `${via.join(' ')}: ${command.source}`;
      outcomes.push(builtinEffect(this, command, { ...state, cwds: [cwd] }, declaration ? wordNodes.slice(1) : [], source));
    }
    return { ok: unionStates(...outcomes.map((o) => o.ok)), any: unionStates(...outcomes.map((o) => o.any)) };
  }

  private functionDefinition(node: SyntaxNode, state: ShellState, source: string): ShellState {
    this.concerns.add('a function definition');
    const name = node.namedChildren[0]?.text ?? '';
    this.functions.add(name);
    const start = this.commands.length;
    const body = node.namedChildren.at(-1);
    if (body) this.sequence(body, { ...state, cwds: [...state.cwds, null] }, source);
    const calls = this.commands.slice(start).filter((c) => c.words[0]?.text === name);
    const background = /&\s*(;|\}|\)|$)|\|/.test(body?.text ?? '');
    if (name && (calls.length >= 2 || (calls.length === 1 && background))) this.forkBombs.push(name);
    return state;
  }

  private compound(node: SyntaxNode, state: ShellState, source: string): ShellState {
    if (node.type === 'c_style_for_statement' && /[A-Za-z_]/.test(node.text.slice(0, node.text.indexOf('do')).replace(/^for/, ''))) {
      this.concerns.add('arithmetic on a variable, whose value bash evaluates as code');
    }
    let current = state;
    const loop = node.type === 'while_statement' || node.type === 'for_statement' || node.type === 'c_style_for_statement';
    if (node.type === 'for_statement') {
      const variable = node.childForFieldName('variable')?.text ?? '';
      const values = node.childrenForFieldName('value').filter((c): c is SyntaxNode => c !== null);
      const cwd = state.cwds.length === 1 ? state.cwds[0] : null;
      const words = values.flatMap((v) => this.words(v, state, cwd, source));
      const known = values.length > 0 && words.every((w) => !w.dynamic && !w.glob);
      current = withVar(state, variable, known ? words.map((w) => [w.text]) : 'unknown');
    }
    const states: ShellState[] = [current];
    for (let pass = 0; pass < (loop ? 2 : 1); pass++) {
      let flow = same(unionStates(...states));
      for (const child of node.namedChildren) {
        if (!child || child.type === 'comment' || (node.type === 'for_statement' && child.id !== node.childForFieldName('body')?.id)) continue;
        if (child.type === 'case_item' || child.type === 'elif_clause' || child.type === 'else_clause') {
          states.push(this.sequence(child, flow.any, source).any);
          continue;
        }
        flow = this.walk(child, flow.ok, source);
        states.push(flow.any);
      }
    }
    return unionStates(...states);
  }
}
