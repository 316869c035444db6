// Redirections, here-documents and here-strings: where a command writes, and what it reads on standard input.
import type { ShellWalk, SimpleCommand } from './shellTypes.js';
import type { SyntaxNode } from './shellParser.js';
import type { ShellState } from './shellState.js';

/** Records one redirection on `command`, and walks a pipeline tree-sitter hangs under a here-document. */
export function recordRedirect(walker: ShellWalk, node: SyntaxNode, command: SimpleCommand, state: ShellState, source: string): void {
  if (node.type === 'file_redirect') {
    const destination = node.childForFieldName('destination') ?? node.namedChildren.filter((c) => c?.type !== 'file_descriptor').at(-1) ?? null;
    // The grammar reads `<>` as `<` and a stray `>`.
    const operator = node.children.some((c) => c?.isError && c.text === '>') ? '<>' : node.children.find((c) => c !== null && !c.isNamed)?.text ?? '>';
    if (!destination) return;
    for (const target of walker.words(destination, state, command.cwd, source)) command.redirects.push({ operator, target });
    return;
  }
  command.stdinFromHeredoc = true;
  if (node.type === 'herestring_redirect') {
    const value = node.namedChildren.find((c) => c !== null && c.type !== 'file_descriptor');
    const words = value ? walker.words(value, state, command.cwd, source) : [];
    command.stdin = { text: `${words.map((w) => w.text).join(' ')}\n`, known: words.every((w) => !w.dynamic) };
    return;
  }
  const start = node.namedChildren.find((c) => c?.type === 'heredoc_start')?.text ?? '';
  const body = node.namedChildren.find((c) => c?.type === 'heredoc_body');
  const quoted = /['"\\]/.test(start);
  const text = body?.text ?? '';
  command.stdin = { text: quoted ? text : text.replace(/\\([$`\\])/g, '$1'), known: quoted || !/[$`]/.test(text) };
  if (body && !quoted) walker.visitSubstitutions(body, state, source);
  for (const child of node.namedChildren) {
    if (child?.type !== 'pipeline' && child?.type !== 'list' && child?.type !== 'command') continue;
    const first = walker.commands.length;
    walker.walk(child, state, source);
    const next = walker.commands[first];
    if (next) {
      next.stdinFromPipe = true;
      next.stdin ??= commandOutput(command);
    }
  }
}

/** What a command writes to standard output when the command line alone says (echo, printf, cat of a here-string). */
export function commandOutput(command: SimpleCommand): { text: string; known: boolean } | undefined {
  const [name, ...args] = command.words;
  const known = args.every((w) => !w.dynamic && !w.glob);
  if (!name || name.dynamic) return undefined;
  if (name.text === 'echo') {
    const newline = args[0]?.text !== '-n';
    const rest = args.filter((a, i) => !(i === 0 && /^-[neE]+$/.test(a.text)));
    return { text: rest.map((a) => a.text).join(' ') + (newline ? '\n' : ''), known };
  }
  if (name.text === 'printf' && args.length === 1 && !/%[^%]/.test(args[0].text)) return { text: args[0].text.replace(/\\n/g, '\n').replace(/%%/g, '%'), known };
  if (name.text === 'cat' && args.length === 0 && command.stdin) return command.stdin;
  return { text: '', known: false };
}
