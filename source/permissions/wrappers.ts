// Looks through commands that run other commands (`env`, `timeout`, `bash -c`, `eval`, `find -exec`, a shell fed a
// here-string, …) so rules and the guard are matched against what really runs.
import { homedir } from 'node:os';
import { resolve } from 'node:path';
import { commandValues } from './commandValues.js';
import { inlineScriptReason } from './inlineScripts.js';
import { analyzeShell, type ShellWord, type SimpleCommand } from './shellCommands.js';
import { initialState, type ShellContext, type ShellState } from './shellState.js';
import { unwrapBySpec, wrapperSpecs } from './wrapperSpecs.js';

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
  /** The directory the command runs in (a wrapper such as `env -C` may move it); null when unknown. */
  cwd: string | null;
  /** True when a wrapper adds words that cannot be known before it runs (`xargs`, `find -exec … {}`). */
  openEnded?: boolean;
  /** For a command `find -exec` runs, and for `find` itself: find's words (its starting points and tests). */
  find?: ShellWord[];
}

export interface ExpandedCommand {
  views: CommandView[];
  concerns: string[];
  /** Parts whose commands cannot be known before they run. */
  opaque: string[];
  /** Functions that call themselves in the background or twice. */
  forkBombs: string[];
}

const lit = (text: string): ShellWord => ({ text, dynamic: false, glob: false, fields: [{ value: text, unknown: false }] });
const base = (word: ShellWord | undefined) => (word ? word.text.slice(word.text.lastIndexOf('/') + 1) : '');

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

type Step =
  | { inner: ShellWord[]; assignments?: ShellWord[]; exactOnly?: string; cwd?: string; openEnded?: boolean }
  | { script: ShellWord; exactOnly?: string }
  | { segments: ShellWord[][]; self: ShellWord[]; exactOnly?: string; find: ShellWord[] }
  | { stdinScript: true }
  | { opaque: string }
  | undefined;

const shells = new Set(['bash', 'sh', 'zsh', 'dash', 'ksh', 'mksh', 'ash', 'busybox-sh', 'rbash']);

/** `bash [options] [-c script | file | (read commands from standard input)]`. */
function shellStep(words: ShellWord[]): Step {
  let i = 1;
  let command = false;
  let fromStdin = false;
  while (i < words.length) {
    const t = words[i].text;
    if (t === '--' || t === '-') { i++; break; }
    if (/^[-+][oO]$/.test(t) || t === '--rcfile' || t === '--init-file') { i += 2; continue; }
    if (t.startsWith('--')) { i++; continue; }
    if (/^[-+][A-Za-z]+$/.test(t)) {
      if (t[0] === '-' && t.includes('c')) command = true;
      if (t[0] === '-' && t.includes('s')) fromStdin = true;
      i += 1 + (t.slice(1).match(/[oO]/g)?.length ?? 0);
      continue;
    }
    break;
  }
  if (command) return words[i] ? { script: words[i] } : undefined;
  if (i >= words.length || fromStdin || /^(\/dev\/stdin|\/dev\/fd\/0|\/proc\/self\/fd\/0)$/.test(words[i].text)) return { stdinScript: true };
  // A script file made when the command runs (`bash <(curl …)`) is code rein cannot read.
  return /^[<>]\(/.test(words[i].text) ? { opaque: `a script ${base(words[0])} reads from a process substitution` } : undefined;
}

/** `env [options] [NAME=value…] [command…]`, `-S` splitting a string into a command. */
function envStep(words: ShellWord[], cwd: string | null): Step {
  let i = 1;
  const assignments: ShellWord[] = [];
  let dir: string | undefined;
  while (i < words.length) {
    const t = words[i].text;
    const split = /^(?:-S|--split-string=?)(.*)$/s.exec(t);
    if (split) {
      const text = split[1] !== '' || t.startsWith('--split-string=') ? split[1] : words[++i]?.text ?? '';
      const rest = words.slice(i + 1).map((w) => w.text);
      return { script: { text: [text, ...rest].join(' '), dynamic: words.slice(i).some((w) => w.dynamic), glob: false, fields: [] } };
    }
    if (['-u', '--unset', '-C', '--chdir', '-a', '--argv0'].includes(t)) {
      if (t === '-C' || t === '--chdir') dir = words[i + 1]?.text;
      i += 2;
    } else if (/^--(chdir)=/.test(t)) { dir = t.slice(8); i++; }
    else if (/^-C./.test(t)) { dir = t.slice(2); i++; }
    else if (t === '--') i++;
    else if (t.startsWith('-') && t !== '-') i++;
    else if (/^[A-Za-z_][A-Za-z0-9_]*=/.test(t)) assignments.push(words[i++]);
    else break;
  }
  if (i >= words.length) return undefined;
  return { inner: words.slice(i), assignments, cwd: dir === undefined ? undefined : cwd === null && !dir.startsWith('/') ? undefined : resolve(cwd ?? '/', dir) };
}

/** One layer of wrapping: what `words` runs, or undefined when it is not a wrapper. */
function unwrapOnce(words: ShellWord[], cwd: string | null): Step {
  const program = base(words[0]);
  if (words[0]?.dynamic) return undefined;
  if (shells.has(program)) return shellStep(words);
  const spec = wrapperSpecs[program];
  if (spec) return unwrapBySpec(words, spec);
  switch (program) {
    case 'env':
      return envStep(words, cwd);
    case 'eval':
      return words.length > 1 ? { script: { text: words.slice(1).map((w) => w.text).join(' '), dynamic: words.slice(1).some((w) => w.dynamic), glob: false, fields: [] } } : undefined;
    case 'coproc': {
      let i = 1;
      if (words[i + 1]?.text === '{' || words[i + 1]?.text === '(') i++;
      if (words[i]?.text === '{' || words[i]?.text === '(') i++;
      return i < words.length ? { inner: words.slice(i) } : undefined;
    }
    case 'busybox':
    case 'toybox':
      return words.length > 1 ? { inner: words.slice(1) } : undefined;
    case 'ssh': {
      // `ssh host cmd…` runs cmd through the remote user's shell (which may be this machine's).
      const i = skipOptions(words, 1, ['-b', '-c', '-D', '-E', '-e', '-F', '-I', '-i', '-J', '-L', '-l', '-m', '-O', '-o', '-p', '-Q', '-R', '-S', '-W', '-w', '-B']);
      const rest = words.slice(i + 1);
      if (rest.length === 0) return undefined;
      return { script: { text: rest.map((w) => w.text).join(' '), dynamic: rest.some((w) => w.dynamic), glob: false, fields: [] }, exactOnly: 'it runs on another machine through ssh' };
    }
    case 'sudo':
    case 'doas': {
      const i = skipOptions(words, 1, ['-u', '-g', '-C', '-D', '-h', '-p', '-r', '-t', '-U', '-T', '--user', '--group', '--chdir', '--host', '--prompt', '--role', '--type', '--other-user', '--command-timeout', '--close-from']);
      return i < words.length ? { inner: words.slice(i), exactOnly: `it runs as another user through ${program}` } : undefined;
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
    case 'xargs':
    case 'parallel': {
      const i = skipOptions(words, 1, ['-a', '-d', '-E', '-I', '-L', '-n', '-P', '-s', '--arg-file', '--delimiter', '--max-args', '--max-procs', '--max-lines', '-j', '--jobs']);
      const end = words.findIndex((w, k) => k >= i && w.text === ':::');
      const inner = words.slice(i, end < 0 ? undefined : end);
      // They add words they read, so the inner command is open-ended; with none xargs runs echo.
      return { inner: inner.length > 0 ? inner : [lit('echo')], openEnded: true };
    }
    case 'watch': {
      const i = skipOptions(words, 1, ['-n', '--interval', '-d', '--differences', '-q', '--equexit']);
      if (i >= words.length) return undefined;
      // watch hands its words, joined, to `sh -c`.
      const rest = words.slice(i);
      return { script: { text: rest.map((w) => w.text).join(' '), dynamic: rest.some((w) => w.dynamic), glob: false, fields: [] } };
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
  return { segments, self: segments.length > 0 ? self : words, exactOnly: writes, find: words };
}

const inlineCode: Record<string, readonly string[]> = {
  node: ['-e', '--eval', '-p', '--print'], bun: ['-e', '--eval', '-p', '--print'], perl: ['-e', '-E'], ruby: ['-e'], php: ['-r'],
  lua: ['-e'], Rscript: ['-e'], osascript: ['-e'], awk: [], tclsh: [],
};
const interpreters = new Set(['python', 'python2', 'python3', 'node', 'bun', 'deno', 'perl', 'ruby', 'php', 'lua', 'Rscript', 'osascript', ...shells]);

/** Why a prefix rule can never cover this command, when it runs code given inline or on standard input. */
function inlineCodeReason(words: ShellWord[], written: SimpleCommand): string | undefined {
  const program = base(words[0]);
  const args = words.slice(1).map((w) => w.text);
  if (/^python[0-9.]*$/.test(program) && args.some((a) => /^-[a-zA-Z]*c$/.test(a))) return 'it runs inline code';
  if (program === 'deno' && args[0] === 'eval') return 'it runs inline code';
  const script = inlineScriptReason(program, args);
  if (script) return script;
  if ((inlineCode[program] ?? []).some((flag) => args.some((a) => a === flag || a.startsWith(`${flag}=`)))) return 'it runs inline code';
  if ((/^python[0-9.]*$/.test(program) || interpreters.has(program)) && (written.stdinFromHeredoc || written.stdinFromPipe || args.includes('-'))) return 'it runs code from a here-document or standard input';
  return undefined;
}

const defaultContext = (): ShellContext => ({ home: homedir(), env: {} });

/** Every command that really runs in `command`, wrappers looked through; requires the parser to be loaded. */
export function expandShell(command: string, ctx: ShellContext = defaultContext(), state: ShellState = initialState(null), depth = 0): ExpandedCommand {
  const analysis = analyzeShell(command, ctx, state, depth);
  const concerns = new Set(analysis.concerns);
  const opaque = new Set(analysis.opaque);
  const forkBombs = [...analysis.forkBombs];
  const views: CommandView[] = [];
  const nestedScript = (text: string, dynamic: boolean, written: SimpleCommand, cwd: string | null, wrappers: string[], exactOnly: string | undefined, what: string) => {
    if (dynamic) {
      concerns.add(`a computed script given to ${what}`);
      opaque.add(`a script given to ${what} computed when it runs`);
    }
    const inner = expandShell(text, ctx, { ...written.state, cwds: [cwd] }, depth + 1);
    for (const c of inner.concerns) concerns.add(c);
    for (const o of inner.opaque) opaque.add(o);
    forkBombs.push(...inner.forkBombs);
    for (const v of inner.views) views.push({ ...v, wrappers: [...wrappers, what, ...v.wrappers], written, exactOnly: v.exactOnly ?? exactOnly });
  };
  const visit = (written: SimpleCommand, words: ShellWord[], assignments: ShellWord[], wrappers: string[], cwd: string | null, exactOnly?: string, openEnded?: boolean, find?: ShellWord[]) => {
    if (words.length === 0) return;
    if (words[0].dynamic) concerns.add('a variable in command position');
    const step = depth < 8 ? unwrapOnce(words, cwd) : undefined;
    const view = (w: ShellWord[], reason?: string): CommandView => {
      const all = [...assignments, ...w];
      return { words: all, assignmentCount: assignments.length, wrappers, written, cwd, openEnded, find, exactOnly: reason ?? exactOnly ?? inlineCodeReason(w, written) };
    };
    const wrapper = base(words[0]);
    // `eval` the walk already followed (it may have moved the directory) is not read a second time.
    if (!step || (wrapper === 'eval' && wrappers.length === 0)) return void views.push(view(words));
    if ('opaque' in step) {
      views.push(view(words));
      opaque.add(step.opaque);
      concerns.add(step.opaque);
      return;
    }
    if ('stdinScript' in step) {
      views.push(view(words));
      const stdin = written.stdin;
      if (stdin && stdin.known) nestedScript(stdin.text, false, written, cwd, wrappers, exactOnly, wrapper);
      else if (stdin || written.stdinFromPipe || written.stdinFromHeredoc) {
        concerns.add(`commands piped into ${wrapper}`);
        opaque.add(`commands ${wrapper} reads from standard input`);
      }
      return;
    }
    if ('script' in step) return nestedScript(step.script.text, step.script.dynamic, written, cwd, wrappers, step.exactOnly ?? exactOnly, wrapper);
    if ('segments' in step) {
      views.push({ ...view(step.self, step.exactOnly), find: step.find });
      for (const segment of step.segments) visit(written, segment, [], [...wrappers, 'find'], cwd, exactOnly, true, step.find);
      return;
    }
    visit(written, step.inner, [...assignments, ...(step.assignments ?? [])], [...wrappers, wrapper], step.cwd ?? cwd, step.exactOnly ?? exactOnly, step.openEnded ?? openEnded, find);
  };
  for (const command of analysis.commands) {
    // Rules match an assignment as written; its expanded value is what a program reading it sees.
    const assignments = command.assignments.map((a, i) => ({ ...lit(a), fields: [{ value: command.assignmentWords?.[i]?.text ?? a, unknown: command.assignmentWords?.[i]?.dynamic ?? false }] }));
    visit(command, command.words, assignments, [], command.cwd);
  }
  for (const view of [...views]) {
    for (const value of commandValues(view.words, view.assignmentCount)) nestedScript(value.text, value.dynamic, view.written, view.cwd, view.wrappers, view.exactOnly, value.via);
  }
  return { views, concerns: [...concerns], opaque: [...opaque], forkBombs };
}
