// Fills a command's argument slots the way Claude Code 2.1.197 does ($ARGUMENTS, $ARGUMENTS[N], $N from 0, named
// arguments, `\$` to keep a slot literal); docs/claude-compat.md lists each rule and how it was measured.

/**
 * The words of the arguments as a shell would split them: quotes group and are removed (`a "b c"` → a, b c), quoted
 * parts join the word around them (`a"b c"d` → ab cd), a backslash keeps the next character. An unclosed quote
 * makes the rest of the text one word, quote and all, as Claude Code does.
 */
export function splitArguments(args: string): string[] {
  const words: string[] = [];
  let i = 0;
  while (i < args.length) {
    while (i < args.length && /\s/.test(args[i])) i++;
    if (i >= args.length) break;
    const start = i;
    let word = '';
    let closed = true;
    while (i < args.length && !/\s/.test(args[i])) {
      const ch = args[i];
      if (ch === '"' || ch === "'") {
        const end = args.indexOf(ch, i + 1);
        if (end === -1) {
          closed = false;
          break;
        }
        word += ch === '"' ? args.slice(i + 1, end).replace(/\\(["\\$`])/g, '$1') : args.slice(i + 1, end);
        i = end + 1;
      } else if (ch === '\\' && i + 1 < args.length) {
        word += args[i + 1];
        i += 2;
      } else {
        word += ch;
        i++;
      }
    }
    if (!closed) {
      words.push(args.slice(start).trimEnd());
      break;
    }
    words.push(word);
  }
  return words;
}

/** Names from `arguments:` (a list, or words in one string); empty and all-digit names are left out, as Claude Code does. */
export function argumentNames(value: unknown): string[] {
  const keep = (name: unknown): name is string => typeof name === 'string' && name.trim() !== '' && !/^\d+$/.test(name);
  if (Array.isArray(value)) return value.filter(keep);
  if (typeof value === 'string') return value.split(/\s+/).filter(keep);
  return [];
}

/**
 * An argument can never start a shell command in the template: `!` before a backtick, and `!` at a word's start,
 * are spaced or escaped (`!`id`` becomes `\! `id``), exactly as Claude Code defuses them.
 */
export function defuseShell(value: string): string {
  return value.replace(/`!/g, '` !').replace(/!`/g, '! `').replace(/(^|\s)!/gm, '$1\\!');
}

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Stands in for a `\$` the author escaped, while the slots are filled; Claude Code uses the same character. */
const held = '\uFFFF';

/**
 * `$ARGUMENTS` is the whole argument text; `$ARGUMENTS[N]` and `$N` are its words counted from 0 (`$0` is the first,
 * `$150` the 151st: empty when missing); `$name` is the word at that name's place in `arguments:`; `\$1` stays `$1`.
 * A template that uses no slot gets the arguments appended after a blank line as `ARGUMENTS: ...`. Slots are filled
 * anywhere, code blocks included: `awk '{print $1}'` gets the second word, as in Claude Code.
 */
export function substituteArguments(body: string, args: string, names: readonly string[] = []): string {
  const words = splitArguments(args);
  const named = names.map((name, index) => ({ name, index })).filter((n) => n.name).sort((a, b) => b.name.length - a.name.length);
  const slot = ['\\d', 'ARGUMENTS', ...named.map(({ name }) => `${escapeRegExp(name)}(?![\\[\\w])`)].join('|');
  let text = body.replace(new RegExp(`(?<!\\\\)\\\\\\$(?=${slot})`, 'g'), held);
  const hadEscapes = text !== body;
  let used = false;
  const value = (raw: string | undefined): string => {
    used = true;
    return defuseShell((raw ?? '').replaceAll(held, ''));
  };
  for (const { name, index } of named) text = text.replace(new RegExp(`\\$${escapeRegExp(name)}(?![\\[\\w])`, 'g'), () => value(words[index]));
  text = text.replace(/\$ARGUMENTS\[(\d+)\]/g, (_, n: string) => value(words[Number.parseInt(n, 10)]));
  text = text.replace(/\$(\d+)(?!\w)/g, (_, n: string) => value(words[Number.parseInt(n, 10)]));
  text = text.replaceAll('$ARGUMENTS', () => value(args));
  if (!used && args) text = `${text}\n\nARGUMENTS: ${value(args)}`;
  return hadEscapes ? text.replaceAll(held, '$') : text;
}

/** The `${...}` variables Claude Code fills after the arguments; `${CLAUDE_SKILL_DIR}` only for a skill. */
export function fillVariables(text: string, vars: { sessionId: string; projectDir: string; skillDir?: string }): string {
  let out = text;
  if (vars.skillDir !== undefined) out = out.replaceAll('${CLAUDE_SKILL_DIR}', () => vars.skillDir ?? '');
  return out.replace(/\$\{CLAUDE_PROJECT_DIR\}/g, () => vars.projectDir).replace(/\$\{CLAUDE_SESSION_ID\}/g, () => vars.sessionId);
}
