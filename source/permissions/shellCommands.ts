// Turns a parsed bash command into its simple commands (literal words, no expansion) and the things a prefix rule cannot vouch for.
import { withSyntaxTree, type SyntaxNode } from './shellParser.js';

export interface ShellWord {
  /** The word with quotes and escapes removed; for a word with expansions, its source text. */
  text: string;
  /** True when the word's value is only known at run time (a variable, substitution, `$'…'`). */
  dynamic: boolean;
  /** True when an unquoted `*`, `?` or `[` makes it a pattern. */
  glob: boolean;
}

export interface FileRedirect {
  /** `>`, `>>`, `&>`, `<`, `>&`, … */
  operator: string;
  target: ShellWord;
}

export interface SimpleCommand {
  /** Leading `NAME=value` words, as written. */
  assignments: string[];
  /** The command name and its arguments. */
  words: ShellWord[];
  redirects: FileRedirect[];
  /** True when a here-document or here-string feeds its standard input. */
  stdinFromHeredoc: boolean;
  /** Its source text. */
  source: string;
}

export interface ShellAnalysis {
  commands: SimpleCommand[];
  /** Why a prefix rule cannot vouch for this command (empty when it can). */
  concerns: string[];
}

const globChars = new Set(['*', '?', '[']);

function unescapeUnquoted(raw: string): { text: string; glob: boolean } {
  let text = '';
  let glob = false;
  for (let i = 0; i < raw.length; i++) {
    const ch = raw[i];
    if (ch === '\\' && i + 1 < raw.length) {
      const next = raw[++i];
      if (next !== '\n') text += next;
      continue;
    }
    if (globChars.has(ch)) glob = true;
    text += ch;
  }
  return { text, glob };
}

/** Inside double quotes a backslash only escapes `$`, backquote, `"`, `\` and a newline. */
function unescapeDoubleQuoted(raw: string): string {
  return raw.replace(/\\([$`"\\\n])/g, (_, ch: string) => (ch === '\n' ? '' : ch));
}

export function wordValue(node: SyntaxNode): ShellWord {
  switch (node.type) {
    case 'word':
    case 'number': {
      const { text, glob } = unescapeUnquoted(node.text);
      return { text, dynamic: false, glob };
    }
    case 'raw_string':
      return { text: node.text.slice(1, -1), dynamic: false, glob: false };
    case 'string': {
      const literal = node.namedChildren.every((child) => child?.type === 'string_content');
      return literal
        ? { text: unescapeDoubleQuoted(node.text.slice(1, -1)), dynamic: false, glob: false }
        : { text: node.text, dynamic: true, glob: false };
    }
    case 'concatenation': {
      const parts = node.namedChildren.filter((c): c is SyntaxNode => c !== null).map(wordValue);
      return { text: parts.map((p) => p.text).join(''), dynamic: parts.some((p) => p.dynamic), glob: parts.some((p) => p.glob) };
    }
    case 'command_name':
      return node.namedChildren[0] ? wordValue(node.namedChildren[0]) : { text: node.text, dynamic: true, glob: false };
    default:
      return { text: node.text, dynamic: true, glob: false };
  }
}

const redirectTypes = new Set(['file_redirect', 'heredoc_redirect', 'herestring_redirect']);

class Walker {
  commands: SimpleCommand[] = [];
  concerns = new Set<string>();

  visit(node: SyntaxNode | null): void {
    if (!node) return;
    if (node.isError || node.isMissing) this.concerns.add('a syntax error');
    switch (node.type) {
      case 'command':
        return this.command(node);
      case 'declaration_command':
      case 'unset_command':
        return this.declaration(node);
      case 'redirected_statement':
        return this.redirected(node);
      case 'function_definition':
        this.concerns.add('a function definition');
        break;
      case 'command_substitution':
        this.concerns.add('command substitution');
        break;
      case 'process_substitution':
        this.concerns.add('process substitution');
        break;
    }
    for (const child of node.namedChildren) this.visit(child);
  }

  private command(node: SyntaxNode): void {
    const assignments: string[] = [];
    const words: ShellWord[] = [];
    const redirects: FileRedirect[] = [];
    let stdinFromHeredoc = false;
    for (const child of node.namedChildren) {
      if (!child) continue;
      if (child.type === 'variable_assignment') {
        assignments.push(child.text);
        this.visit(child);
      } else if (redirectTypes.has(child.type)) {
        stdinFromHeredoc ||= this.redirect(child, redirects);
      } else if (child.type !== 'comment') {
        words.push(wordValue(child));
        this.visit(child);
      }
    }
    const name = words[0];
    if (name?.dynamic) this.concerns.add('a variable in command position');
    else if (name?.glob) this.concerns.add('a glob in command position');
    if (name && !name.dynamic && ['eval', 'source', '.'].includes(name.text)) this.concerns.add(`\`${name.text}\``);
    this.commands.push({ assignments, words, redirects, stdinFromHeredoc, source: node.text });
  }

  private declaration(node: SyntaxNode): void {
    const keyword = node.child(0)?.text ?? node.type;
    const words: ShellWord[] = [{ text: keyword, dynamic: false, glob: false }];
    for (const child of node.namedChildren) {
      if (!child) continue;
      words.push(child.type === 'variable_assignment' ? { text: child.text, dynamic: child.namedChildren.some((c) => c?.type !== 'variable_name' && wordValue(c as SyntaxNode).dynamic), glob: false } : wordValue(child));
      this.visit(child);
    }
    this.commands.push({ assignments: [], words, redirects: [], stdinFromHeredoc: false, source: node.text });
  }

  private redirected(node: SyntaxNode): void {
    const before = this.commands.length;
    const redirects: FileRedirect[] = [];
    let heredoc = false;
    for (const child of node.namedChildren) {
      if (!child) continue;
      if (redirectTypes.has(child.type)) heredoc = this.redirect(child, redirects) || heredoc;
      else this.visit(child);
    }
    // The redirections apply to everything in the body.
    for (const command of this.commands.slice(before)) {
      command.redirects.push(...redirects);
      command.stdinFromHeredoc ||= heredoc;
    }
  }

  /** Records a redirection; returns true for a here-document or here-string. */
  private redirect(node: SyntaxNode, into: FileRedirect[]): boolean {
    for (const child of node.namedChildren) this.visit(child);
    if (node.type !== 'file_redirect') return true;
    const destination = node.childForFieldName('destination') ?? node.namedChildren.filter((c) => c?.type !== 'file_descriptor').at(-1) ?? null;
    const operator = node.children.find((c) => c !== null && !c.isNamed)?.text ?? '>';
    if (destination) into.push({ operator, target: wordValue(destination) });
    return false;
  }
}

/** Requires the parser to be loaded (`loadShellParser`). */
export function analyzeShell(command: string): ShellAnalysis {
  return withSyntaxTree(command, (root) => {
    const walker = new Walker();
    walker.visit(root);
    return { commands: walker.commands, concerns: [...walker.concerns] };
  });
}
