// Reads one bash word from the syntax tree into parts: literal text (quoted or not), parameter expansions, and
// parts only known when the command runs (command substitution, arithmetic).
import type { SyntaxNode } from './shellParser.js';

export type Part =
  | { kind: 'lit'; text: string; quoted: boolean }
  /** `$name`, `${name…}`: `op` is what follows the name (`:-`, `:?`, `[@]`, …); `arg` a literal operand. */
  | { kind: 'param'; name: string; op: string; arg?: string; quoted: boolean; source: string }
  | { kind: 'opaque'; quoted: boolean; source: string };

/** Why bash would evaluate part of this word a second time as code, if it would. */
export interface WordNotes {
  code?: string;
}

export interface PartsReader {
  /** Called for every command or process substitution inside a word: its commands run too. */
  substitution(node: SyntaxNode): void;
  notes: WordNotes;
  /** The text the tree was parsed from (node positions index into it). */
  source: string;
}

const escapes: Record<string, string> = { n: '\n', t: '\t', r: '\r', a: '\x07', b: '\b', e: '\x1b', E: '\x1b', f: '\f', v: '\v', '\\': '\\', "'": "'", '"': '"', '?': '?' };

/** The value of a `$'…'` string. */
function decodeAnsiC(body: string): string {
  return body.replace(/\\(x[0-9a-fA-F]{1,2}|u[0-9a-fA-F]{1,4}|U[0-9a-fA-F]{1,8}|[0-7]{1,3}|c.|.)/gs, (all, seq: string) => {
    if (seq[0] === 'x' && seq.length > 1) return String.fromCharCode(parseInt(seq.slice(1), 16));
    if ((seq[0] === 'u' || seq[0] === 'U') && seq.length > 1) return String.fromCodePoint(parseInt(seq.slice(1), 16));
    if (/^[0-7]+$/.test(seq)) return String.fromCharCode(parseInt(seq, 8) & 0xff);
    if (seq[0] === 'c' && seq.length === 2) return String.fromCharCode(seq.charCodeAt(1) & 0x1f);
    return escapes[seq] ?? all;
  });
}

/** Unquoted text: a backslash quotes the next character. */
function unquotedParts(raw: string, out: Part[]): void {
  let plain = '';
  for (let i = 0; i < raw.length; i++) {
    if (raw[i] === '\\' && i + 1 < raw.length) {
      if (plain) out.push({ kind: 'lit', text: plain, quoted: false });
      plain = '';
      if (raw[i + 1] !== '\n') out.push({ kind: 'lit', text: raw[i + 1], quoted: true });
      i++;
      continue;
    }
    plain += raw[i];
  }
  if (plain) out.push({ kind: 'lit', text: plain, quoted: false });
}

/** Inside double quotes a backslash only escapes `$`, backquote, `"`, `\` and a newline. */
const unescapeDouble = (raw: string) => raw.replace(/\\([$`"\\\n])/g, (_, ch: string) => (ch === '\n' ? '' : ch));

const nameOnly = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** `${…}`: the name, what follows it, and whether bash would run part of the value as code. */
function expansionPart(text: string, quoted: boolean, notes: WordNotes): Part {
  const inner = text.slice(2, -1);
  const opaque: Part = { kind: 'opaque', quoted, source: text };
  if (inner.startsWith('#') && inner.length > 1) return opaque;
  if (inner.startsWith('!')) {
    // `${!prefix*}` and `${!a[@]}` list names; any other `${!x}` reads the variable x names, subscript and all.
    if (!/^![A-Za-z_][A-Za-z0-9_]*(\*|@|\[[@*]\])$/.test(inner)) notes.code ??= 'an indirect expansion (${!…}) that may run code';
    return opaque;
  }
  const match = /^([A-Za-z_][A-Za-z0-9_]*|[0-9]+|[@*#?$!-])(\[[^\]]*\])?([\s\S]*)$/.exec(inner);
  if (!match) return opaque;
  const [, name, subscript = '', rest] = match;
  if (subscript && !/^\[([@*]|[0-9]+)\]$/.test(subscript)) notes.code ??= 'an array subscript bash evaluates as arithmetic';
  if (rest === '@P') notes.code ??= 'a prompt expansion (${…@P}) that runs command substitutions';
  if (rest === '') return { kind: 'param', name, op: subscript, quoted, source: text };
  const op = /^(:?[-=?+])([\s\S]*)$/.exec(rest);
  if (!op || subscript) return opaque;
  const arg = op[2];
  // Only a literal operand is read; anything else leaves the value unknown.
  if (/[$`'"\\]/.test(arg) && !/^\$\{?[A-Za-z_][A-Za-z0-9_]*\}?$/.test(arg) && !/^~/.test(arg)) return op[1].includes('?') ? { kind: 'param', name, op: op[1], quoted, source: text } : opaque;
  return { kind: 'param', name, op: op[1], arg, quoted, source: text };
}

/** The parts of one word node, in order. */
export function wordParts(node: SyntaxNode, reader: PartsReader, quoted = false): Part[] {
  const out: Part[] = [];
  const add = (n: SyntaxNode, q: boolean) => out.push(...wordParts(n, reader, q));
  switch (node.type) {
    case 'word':
    case 'number':
      if (quoted) out.push({ kind: 'lit', text: unescapeDouble(node.text), quoted });
      else unquotedParts(node.text, out);
      break;
    case 'raw_string':
      out.push({ kind: 'lit', text: node.text.slice(1, -1), quoted: true });
      break;
    case 'ansi_c_string':
      out.push({ kind: 'lit', text: decodeAnsiC(node.text.slice(2, -1)), quoted: true });
      break;
    case 'string':
    case 'translated_string': {
      const open = node.text.startsWith('$"') ? 2 : 1;
      let at = node.startIndex + open;
      const end = node.endIndex - 1;
      const source = reader.source;
      for (const child of node.namedChildren) {
        if (!child) continue;
        if (child.startIndex > at) out.push({ kind: 'lit', text: unescapeDouble(source.slice(at, child.startIndex)), quoted: true });
        if (child.type === 'string_content') out.push({ kind: 'lit', text: unescapeDouble(child.text), quoted: true });
        else add(child, true);
        at = child.endIndex;
      }
      if (end > at) out.push({ kind: 'lit', text: unescapeDouble(source.slice(at, end)), quoted: true });
      if (out.length === 0) out.push({ kind: 'lit', text: '', quoted: true });
      break;
    }
    case 'simple_expansion': {
      const name = node.text.slice(1);
      out.push(nameOnly.test(name) || /^([0-9]|[@*#?$!_-])$/.test(name) ? { kind: 'param', name, op: '', quoted, source: node.text } : { kind: 'opaque', quoted, source: node.text });
      break;
    }
    case 'expansion':
      visitInside(node, reader);
      out.push(expansionPart(node.text, quoted, reader.notes));
      break;
    case 'command_substitution':
    case 'process_substitution':
      reader.substitution(node);
      out.push({ kind: 'opaque', quoted, source: node.text });
      break;
    case 'arithmetic_expansion':
      if (/[A-Za-z_]/.test(node.text.replace(/^\$\(\(|\)\)$/g, '').replace(/^\$\[|\]$/g, ''))) reader.notes.code ??= 'arithmetic on a variable, whose value bash evaluates as code';
      visitInside(node, reader);
      out.push({ kind: 'opaque', quoted, source: node.text });
      break;
    case 'concatenation': {
      const source = reader.source;
      let at = node.startIndex;
      for (const child of node.namedChildren) {
        if (!child) continue;
        if (child.startIndex > at) unquotedParts(source.slice(at, child.startIndex), out);
        add(child, quoted);
        at = child.endIndex;
      }
      if (node.endIndex > at) unquotedParts(source.slice(at, node.endIndex), out);
      break;
    }
    case 'brace_expression':
      out.push({ kind: 'lit', text: node.text, quoted: false });
      break;
    case 'command_name':
      for (const child of node.namedChildren) if (child) add(child, quoted);
      break;
    default:
      visitInside(node, reader);
      out.push({ kind: 'opaque', quoted, source: node.text });
  }
  return out;
}

/** Finds substitutions nested anywhere below `node` (inside `${x:-$(cmd)}`, `$(( $(cmd) ))`, …). */
function visitInside(node: SyntaxNode, reader: PartsReader): void {
  for (const child of node.namedChildren) {
    if (!child) continue;
    if (child.type === 'command_substitution' || child.type === 'process_substitution') reader.substitution(child);
    else visitInside(child, reader);
  }
}

/** The word as text when it has no expansions (quotes removed), else undefined. */
export function literalText(parts: Part[]): string | undefined {
  let text = '';
  for (const p of parts) {
    if (p.kind !== 'lit') return undefined;
    text += p.text;
  }
  return text;
}

/** True when an unquoted `*`, `?` or `[` makes the word a pattern. */
export const hasActiveGlob = (parts: Part[]) => parts.some((p) => p.kind === 'lit' && !p.quoted && /[*?[]/.test(p.text));
