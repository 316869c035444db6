// Looks through commands that run other commands (`env`, `timeout`, `bash -c`, `find -exec`, …) so rules are matched against what really runs.
import { analyzeShell, type ShellWord, type SimpleCommand } from './shellCommands.js';

export interface CommandView {
  /** The words rules are matched against: the command that really runs, its `NAME=value` words first. */
  words: ShellWord[];
  /** The leading words of `words` that are assignments. */
  assignmentCount: number;
  /** Set when only a rule naming this exact command may allow it, with the reason. */
  exactOnly?: string;
  /** The wrappers looked through on the way, outermost first. */
  wrappers: string[];
  /** The simple command as written, wrappers included. */
  written: SimpleCommand;
}

export interface ExpandedCommand {
  views: CommandView[];
  concerns: string[];
}

const lit = (text: string): ShellWord => ({ text, dynamic: false, glob: false });
const base = (word: ShellWord | undefined) => (word ? word.text.split('/').pop() ?? word.text : '');

/** Skips leading options; `withValue` lists the options that take the next word as their value. */
function skipOptions(words: ShellWord[], from: number, withValue: readonly string[]): number {
  let i = from;
  while (i < words.length && words[i].text.startsWith('-') && words[i].text !== '-') {
    if (words[i].text === '--') return i + 1;
    if (withValue.includes(words[i].text)) i++;
    i++;
  }
  return i;
}

type Step = { inner: ShellWord[]; assignments?: ShellWord[]; exactOnly?: string } | { script: ShellWord } | { segments: ShellWord[][]; self: ShellWord[]; exactOnly?: string } | undefined;

const shells = new Set(['bash', 'sh', 'zsh', 'dash', 'ksh']);

/** One layer of wrapping: what `words` runs, or undefined when it is not a wrapper. */
function unwrapOnce(words: ShellWord[]): Step {
  const program = base(words[0]);
  if (words[0]?.dynamic) return undefined;
  if (shells.has(program)) {
    const flag = words.findIndex((w, i) => i > 0 && /^-[a-zA-Z]*c[a-zA-Z]*$/.test(w.text));
    if (flag > 0 && words[flag + 1]) return { script: words[flag + 1] };
    return undefined;
  }
  switch (program) {
    case 'env': {
      let i = 1;
      const assignments: ShellWord[] = [];
      while (i < words.length) {
        const t = words[i].text;
        if (t === '-S' || t === '--split-string') return words[i + 1] ? { script: words[i + 1] } : undefined;
        if (['-u', '--unset', '-C', '--chdir'].includes(t)) i += 2;
        else if (t === '--') i++;
        else if (t.startsWith('-')) i++;
        else if (/^[A-Za-z_][A-Za-z0-9_]*=/.test(t)) assignments.push(words[i++]);
        else break;
      }
      return i < words.length ? { inner: words.slice(i), assignments } : undefined;
    }
    case 'sudo':
    case 'doas': {
      const i = skipOptions(words, 1, ['-u', '-g', '-C', '-D', '-h', '-p', '-r', '-t', '-U', '-T', '--user', '--group']);
      return i < words.length ? { inner: words.slice(i), exactOnly: `it runs as another user through ${program}` } : undefined;
    }
    case 'timeout': {
      const i = skipOptions(words, 1, ['-s', '--signal', '-k', '--kill-after']);
      return i + 1 < words.length ? { inner: words.slice(i + 1) } : undefined;
    }
    case 'nice': {
      const i = skipOptions(words, 1, ['-n', '--adjustment']);
      return i < words.length ? { inner: words.slice(i) } : undefined;
    }
    case 'nohup':
    case 'time': {
      const i = skipOptions(words, 1, ['-o', '-f', '--output', '--format']);
      return i < words.length ? { inner: words.slice(i) } : undefined;
    }
    case 'command': {
      // `command -v x` only looks a name up.
      if (words.some((w, i) => i > 0 && (w.text === '-v' || w.text === '-V'))) return undefined;
      const i = skipOptions(words, 1, []);
      return i < words.length ? { inner: words.slice(i) } : undefined;
    }
    case 'exec': {
      const i = skipOptions(words, 1, ['-a']);
      return i < words.length ? { inner: words.slice(i) } : undefined;
    }
    case 'xargs': {
      const i = skipOptions(words, 1, ['-a', '-d', '-E', '-I', '-L', '-n', '-P', '-s', '--arg-file', '--delimiter', '--max-args', '--max-procs', '--max-lines']);
      // xargs appends words it reads, so the inner command is open-ended; with none it runs echo.
      return { inner: i < words.length ? words.slice(i) : [lit('echo')] };
    }
    case 'watch': {
      const i = skipOptions(words, 1, ['-n', '--interval', '-d', '--differences', '-q', '--equexit']);
      if (i >= words.length) return undefined;
      // watch hands its words, joined, to `sh -c`.
      const rest = words.slice(i);
      return { script: { text: rest.map((w) => w.text).join(' '), dynamic: rest.some((w) => w.dynamic), glob: false } };
    }
    case 'npx': {
      const i = skipOptions(words, 1, ['-p', '--package', '-c', '--call']);
      const call = words.findIndex((w) => w.text === '-c' || w.text === '--call');
      if (call > 0 && words[call + 1]) return { script: words[call + 1] };
      return i < words.length ? { inner: words.slice(i) } : undefined;
    }
    case 'npm': {
      if (words[1]?.text !== 'exec' && words[1]?.text !== 'x') return undefined;
      const call = words.findIndex((w) => w.text === '-c' || w.text === '--call');
      if (call > 0 && words[call + 1]) return { script: words[call + 1] };
      const i = skipOptions(words, 2, ['-p', '--package', '-w', '--workspace']);
      return i < words.length ? { inner: words.slice(i) } : undefined;
    }
    case 'find':
      return findParts(words);
  }
  return undefined;
}

const findActions = new Set(['-exec', '-execdir', '-ok', '-okdir']);
const findWrites = new Set(['-delete', '-fprint', '-fprint0', '-fprintf', '-fls']);

/** `find … -exec cmd {} ;` runs cmd: each such part is a command of its own; `-delete` and `-fprint…` make find itself a writer. */
function findParts(words: ShellWord[]): Step {
  const self: ShellWord[] = [];
  const segments: ShellWord[][] = [];
  let writes: string | undefined;
  for (let i = 0; i < words.length; i++) {
    if (findActions.has(words[i].text)) {
      let j = i + 1;
      while (j < words.length && words[j].text !== ';' && words[j].text !== '+') j++;
      segments.push(words.slice(i + 1, j));
      self.push(words[i], lit('…'));
      i = j;
      continue;
    }
    if (findWrites.has(words[i].text)) writes = `find ${words[i].text} changes files`;
    self.push(words[i]);
  }
  if (segments.length === 0 && !writes) return undefined;
  return { segments, self: segments.length > 0 ? self : words, exactOnly: writes };
}

const inlineCode: Record<string, readonly string[]> = {
  node: ['-e', '--eval', '-p', '--print'], bun: ['-e', '--eval', '-p', '--print'], perl: ['-e', '-E'], ruby: ['-e'], php: ['-r'],
  lua: ['-e'], Rscript: ['-e'], osascript: ['-e'], awk: [], tclsh: [],
};
export const interpreters = new Set(['python', 'python2', 'python3', 'node', 'bun', 'deno', 'perl', 'ruby', 'php', 'lua', 'Rscript', 'osascript', ...shells]);

/** Why a prefix rule can never cover this command, when it runs code given inline or on standard input. */
function inlineCodeReason(words: ShellWord[], written: SimpleCommand): string | undefined {
  const program = base(words[0]);
  const args = words.slice(1).map((w) => w.text);
  if (/^python[0-9.]*$/.test(program) && args.some((a) => /^-[a-zA-Z]*c$/.test(a))) return 'it runs inline code';
  if (program === 'deno' && args[0] === 'eval') return 'it runs inline code';
  if ((inlineCode[program] ?? []).some((flag) => args.some((a) => a === flag || a.startsWith(`${flag}=`)))) return 'it runs inline code';
  if ((/^python[0-9.]*$/.test(program) || interpreters.has(program)) && (written.stdinFromHeredoc || args.includes('-'))) return 'it runs code from a here-document or standard input';
  return undefined;
}

/** Every command that really runs in `command`, wrappers looked through; requires the parser to be loaded. */
export function expandShell(command: string, depth = 0): ExpandedCommand {
  const analysis = analyzeShell(command);
  const concerns = new Set(analysis.concerns);
  const views: CommandView[] = [];
  const visit = (written: SimpleCommand, words: ShellWord[], assignments: ShellWord[], wrappers: string[], exactOnly?: string) => {
    if (words.length === 0) return;
    if (words[0].dynamic) concerns.add('a variable in command position');
    const step = depth < 8 ? unwrapOnce(words) : undefined;
    const view = (w: ShellWord[], reason?: string): CommandView => {
      const all = [...assignments, ...w];
      return { words: all, assignmentCount: assignments.length, wrappers, written, exactOnly: reason ?? exactOnly ?? inlineCodeReason(w, written) };
    };
    if (!step) return void views.push(view(words));
    const wrapper = base(words[0]);
    if ('script' in step) {
      if (step.script.dynamic) concerns.add(`a computed script given to ${wrapper}`);
      const inner = expandShell(step.script.text, depth + 1);
      for (const c of inner.concerns) concerns.add(c);
      for (const v of inner.views) views.push({ ...v, wrappers: [...wrappers, wrapper, ...v.wrappers], written, exactOnly: v.exactOnly ?? exactOnly });
      return;
    }
    if ('segments' in step) {
      views.push(view(step.self, step.exactOnly));
      for (const segment of step.segments) visit(written, segment, [], [...wrappers, 'find'], exactOnly);
      return;
    }
    visit(written, step.inner, [...assignments, ...(step.assignments ?? [])], [...wrappers, wrapper], step.exactOnly ?? exactOnly);
  };
  for (const command of analysis.commands) {
    visit(command, command.words, command.assignments.map(lit), []);
  }
  return { views, concerns: [...concerns] };
}
