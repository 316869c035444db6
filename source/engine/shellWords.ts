// Splits a shell command into simple commands so a permission rule can never be widened by `&&`, `;`, `|` or substitution.

export interface ShellAnalysis {
  /** The simple commands, each as its words (quotes removed). */
  commands: string[][];
  /** True when the command contains something a prefix rule cannot vouch for: substitution, redirection, subshells, unbalanced quotes. */
  opaque: boolean;
}

const separators = ['&&', '||', ';', '|', '&', '\n'];

export function analyzeShellCommand(command: string): ShellAnalysis {
  const commands: string[][] = [];
  let words: string[] = [];
  let word = '';
  let inWord = false;
  let quote: '"' | "'" | undefined;
  let opaque = false;

  const endWord = () => {
    if (inWord) words.push(word);
    word = '';
    inWord = false;
  };
  const endCommand = () => {
    endWord();
    if (words.length > 0) commands.push(words);
    words = [];
  };

  for (let i = 0; i < command.length; i++) {
    const ch = command[i];
    if (quote === "'") {
      if (ch === "'") quote = undefined;
      else word += ch;
      continue;
    }
    if (quote === '"') {
      if (ch === '"') quote = undefined;
      else if (ch === '`' || (ch === '$' && command[i + 1] === '(')) opaque = true;
      else if (ch === '\\' && i + 1 < command.length) word += command[++i];
      else word += ch;
      continue;
    }
    if (ch === "'" || ch === '"') {
      quote = ch;
      inWord = true;
      continue;
    }
    if (ch === '\\' && i + 1 < command.length) {
      const next = command[++i];
      if (next !== '\n') { word += next; inWord = true; }
      continue;
    }
    if (ch === '`' || ch === '(' || ch === ')' || ch === '{' || ch === '}' || ch === '<' || ch === '>') {
      opaque = true;
      endWord();
      continue;
    }
    if (ch === '$' && command[i + 1] === '(') {
      opaque = true;
      continue;
    }
    const separator = separators.find((s) => command.startsWith(s, i));
    if (separator) {
      endCommand();
      i += separator.length - 1;
      continue;
    }
    if (ch === ' ' || ch === '\t') {
      endWord();
      continue;
    }
    word += ch;
    inWord = true;
  }
  if (quote) opaque = true;
  endCommand();
  return { commands, opaque };
}

/** The words an "always" approval of this command covers: the program and, when it looks like one, its subcommand. */
export function commandPrefix(words: string[]): string[] {
  const [program, second] = words;
  if (!program) return [];
  if (second && /^[a-z][a-z0-9:_-]*$/.test(second)) return [program, second];
  return [program];
}

/** True when every simple command in `command` starts with one of the approved prefixes and nothing in it is opaque. */
export function coveredByPrefixes(command: string, prefixes: readonly string[][]): boolean {
  const analysis = analyzeShellCommand(command);
  if (analysis.opaque || analysis.commands.length === 0) return false;
  return analysis.commands.every((words) =>
    !/^[A-Za-z_][A-Za-z0-9_]*=/.test(words[0] ?? '') &&
    prefixes.some((prefix) => prefix.length > 0 && prefix.every((p, i) => words[i] === p)),
  );
}
