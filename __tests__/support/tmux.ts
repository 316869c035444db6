// Drives the built rein CLI inside a detached tmux session on a private socket: start, type, press keys, read the screen.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import type { MockLlmServer } from './mockLlmServer.js';

const run = promisify(execFile);
const sleep = (ms: number) => new Promise<void>((done) => setTimeout(done, ms));

export const cliPath = resolve('dist/cli.js');

export interface CliSnapshot {
  /** dist/cli.js inside the copy. */
  cliPath: string;
  dispose(): void;
}

/** Files a bundle file imports from its own folder (esbuild chunks). */
const localImports = (code: string): string[] => [...code.matchAll(/["']\.\/([\w.-]+\.c?js)["']/g)].map((m) => m[1]);

function completeBundle(dir: string): boolean {
  // dist/package.json makes cli.js CommonJS; the chunks are .cjs.
  if (!existsSync(join(dir, 'cli.js')) || !existsSync(join(dir, 'package.json'))) return false;
  return readdirSync(dir)
    .filter((file) => /\.c?js$/.test(file))
    .every((file) => localImports(readFileSync(join(dir, file), 'utf8')).every((dep) => existsSync(join(dir, dep))));
}

/**
 * Copies the built CLI to a temp folder (with node_modules linked for its external packages), so a rebuild
 * of dist/ while the suite runs cannot pull chunks away from a running rein. Retries while dist/ is half written.
 */
export async function snapshotCli(): Promise<CliSnapshot> {
  const root = mkdtempSync(join(tmpdir(), 'rein-e2e-dist-'));
  const dist = join(root, 'dist');
  for (let attempt = 0; ; attempt++) {
    rmSync(dist, { recursive: true, force: true });
    try {
      cpSync(resolve('dist'), dist, { recursive: true, filter: (source) => !source.endsWith('.map') });
      if (completeBundle(dist)) break;
    } catch {
      // dist/ changed under the copy; try again below.
    }
    if (attempt >= 40) {
      rmSync(root, { recursive: true, force: true });
      throw new Error('dist/ holds no complete build of rein: run `npm run build` before the end-to-end tests.');
    }
    await sleep(250);
  }
  symlinkSync(resolve('node_modules'), join(root, 'node_modules'), 'dir');
  return { cliPath: join(dist, 'cli.js'), dispose: () => rmSync(root, { recursive: true, force: true }) };
}

/** What a screen is matched against: a substring, a pattern, or any test on the whole screen. */
export type ScreenMatch = string | RegExp | ((screen: string) => boolean);

export interface TmuxPane {
  /** tmux target of the session's only pane. */
  readonly target: string;
  /** Named keys as tmux knows them: 'Enter', 'Escape', 'C-c', 'C-t', 'BSpace'… */
  sendKeys(...keys: string[]): Promise<void>;
  /** Types text literally (send-keys -l), so words like "Enter" are not read as keys. */
  sendText(text: string): Promise<void>;
  /** The visible screen as plain text, one line per row. */
  capture(): Promise<string>;
  /** The screen with lines the terminal wrapped joined again (trailing spaces trimmed): for lines longer than the pane. */
  captureJoined(): Promise<string>;
  /** Polls the screen every 50 ms until it matches; fails naming what was awaited and showing the last screen. */
  waitFor(match: ScreenMatch, timeoutMs?: number): Promise<string>;
  /** Whether the pane currently shows the alternate screen. */
  alternateOn(): Promise<boolean>;
  /** Whether `capture-pane -a` (the alternate screen's content) works, which it only does in alternate mode. */
  canCaptureAlternate(): Promise<boolean>;
  /** The pid of the shell the pane runs (rein is its child). */
  panePid(): Promise<number>;
  kill(): Promise<void>;
}

export interface TmuxServer {
  readonly socket: string;
  /** Starts a session running `command` (a shell command line) in `cwd`, sized 120×40 unless told. */
  start(opts: { command: string; cwd: string; width?: number; height?: number }): Promise<TmuxPane>;
  /** Kills the server and every session on it. */
  close(): Promise<void>;
}

/** `root` and every process below it, read from /proc. */
export function processTree(root: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const parent = parentOf(Number(entry));
    if (parent !== undefined) children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
  }
  const tree = [root];
  for (let i = 0; i < tree.length; i++) tree.push(...(children.get(tree[i]) ?? []));
  return tree;
}

/** The parent pid and state of a process from /proc/<pid>/stat, undefined once it is gone. */
function statOf(pid: number): { parent: number; state: string } | undefined {
  try {
    // The command name (field 2) may hold spaces and parentheses: the fields after it follow the last ')'.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const [state, parent] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { parent: Number(parent), state };
  } catch {
    return undefined;
  }
}

const parentOf = (pid: number): number | undefined => statOf(pid)?.parent;

/** Whether a process still runs (a zombie has ended: it only waits for its parent to read its status). */
const running = (pid: number): boolean => {
  const state = statOf(pid)?.state;
  return state !== undefined && state !== 'Z' && state !== 'X';
};

/** Waits until every pid has ended; after 10 s the ones left are killed, so a hung process cannot hold up the suite. */
export async function waitForExit(pids: number[]): Promise<void> {
  for (let waited = 0; pids.some(running); waited += 25) {
    if (waited >= 10_000) {
      for (const pid of pids.filter(running)) {
        try {
          process.kill(pid, 'SIGKILL');
        } catch {
          // Ended between the check and the kill.
        }
      }
    }
    await sleep(25);
  }
}

/** Quotes one word for a POSIX shell. */
export function shellQuote(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

const describeMatch = (match: ScreenMatch): string =>
  typeof match === 'string' ? JSON.stringify(match) : match instanceof RegExp ? String(match) : match.name || 'a screen predicate';

const matches = (screen: string, match: ScreenMatch): boolean =>
  typeof match === 'string' ? screen.includes(match) : match instanceof RegExp ? match.test(screen) : match(screen);

/** A tmux server on its own socket (`tmux -L`), so tests never touch the user's sessions. */
export function tmuxServer(label: string): TmuxServer {
  const socket = `rein-e2e-${label}-${process.pid}-${randomBytes(3).toString('hex')}`;
  // The server reads only this file, never the user's ~/.tmux.conf: no status line, so the pane is the whole window.
  // exit-empty off keeps the server up between tests: a server exiting after its last session is killed races
  // the next test's new-session, which then attaches to the dying server and fails "server exited unexpectedly".
  const configDir = mkdtempSync(join(tmpdir(), 'rein-e2e-tmux-'));
  const config = join(configDir, 'tmux.conf');
  writeFileSync(config, 'set -g status off\nset -g escape-time 0\nset -g history-limit 2000\nset -g exit-empty off\n');
  const tmux = async (...args: string[]): Promise<string> =>
    (await run('tmux', ['-L', socket, '-f', config, ...args], { encoding: 'utf8' })).stdout;
  let sessions = 0;

  async function start(opts: { command: string; cwd: string; width?: number; height?: number }): Promise<TmuxPane> {
    const name = `s${++sessions}`;
    const width = opts.width ?? 120;
    const height = opts.height ?? 40;
    await tmux('new-session', '-d', '-s', name, '-x', String(width), '-y', String(height), '-c', opts.cwd, opts.command);
    const target = `${name}:0.0`;

    const capture = async (): Promise<string> => tmux('capture-pane', '-p', '-t', target);
    return {
      target,
      async captureJoined() {
        return (await tmux('capture-pane', '-p', '-J', '-t', target)).split('\n').map((line) => line.trimEnd()).join('\n');
      },
      async sendKeys(...keys) {
        await tmux('send-keys', '-t', target, ...keys);
      },
      async sendText(text) {
        await tmux('send-keys', '-t', target, '-l', text);
      },
      capture,
      async waitFor(match, timeoutMs = 10_000) {
        const deadline = Date.now() + timeoutMs;
        let screen = '';
        // tmux may show a frame half-drawn (it reads the pane's output in pieces): a matching screen is looked at
        // again and returned once unchanged, so a test's further checks see the whole frame. A screen that moves on
        // and no longer matches returns the last match (a state that lasted only a moment), as does the deadline.
        let matched: string | undefined;
        for (;;) {
          screen = await capture();
          if (matches(screen, match)) {
            if (screen === matched || Date.now() > deadline) return screen;
            matched = screen;
            await sleep(15);
            continue;
          }
          if (matched !== undefined) return matched;
          if (Date.now() > deadline) break;
          await sleep(50);
        }
        throw new Error(`The screen did not show ${describeMatch(match)} within ${timeoutMs} ms. Last screen:\n${screen.trimEnd()}`);
      },
      async alternateOn() {
        return (await tmux('display-message', '-p', '-t', target, '#{alternate_on}')).trim() === '1';
      },
      async canCaptureAlternate() {
        try {
          await tmux('capture-pane', '-p', '-a', '-t', target);
          return true;
        } catch {
          return false;
        }
      },
      async panePid() {
        return Number((await tmux('display-message', '-p', '-t', target, '#{pane_pid}')).trim());
      },
      async kill() {
        // Everything the pane started (rein, its commands, git, MCP servers) must be gone before the test's folders
        // are removed: a rein still flushing its log on SIGHUP would otherwise write into a folder being deleted.
        const pid = await tmux('display-message', '-p', '-t', target, '#{pane_pid}').then((out) => Number(out.trim()), () => 0);
        const tree = pid > 0 ? processTree(pid) : [];
        await tmux('kill-session', '-t', name).catch(() => undefined);
        await waitForExit(tree);
      },
    };
  }

  return {
    socket,
    start,
    async close() {
      await tmux('kill-server').catch(() => undefined);
      rmSync(configDir, { recursive: true, force: true });
    },
  };
}

export interface ReinCommandOptions {
  /** The CLI to run (a snapshot's cliPath); dist/cli.js when absent. */
  cli?: string;
  /** CLI flags after `node dist/cli.js`. */
  args: string[];
  /** REIN_HOME for prompt history and sessions. */
  home: string;
  /** Extra variables; keys given as undefined are removed from the environment. */
  env?: Record<string, string | undefined>;
}

/** Variables the test runner sets that a user's shell would not have. */
const runnerVariables = ['NODE_ENV', 'NODE_OPTIONS', 'TEST', 'VITEST', 'VITEST_MODE', 'VITEST_POOL_ID', 'VITEST_WORKER_ID'];

/**
 * The shell line that runs rein and keeps the pane open after it exits, printing `EXIT:<code>`.
 * CI=false because Ink prints only static output under CI=true; API keys and test-runner variables
 * from the outer environment are dropped, so rein starts as it would from a user's shell.
 */
export function reinCommand(opts: ReinCommandOptions): string {
  const env: Record<string, string | undefined> = {
    ...Object.fromEntries(runnerVariables.map((key) => [key, undefined])),
    ANTHROPIC_API_KEY: undefined,
    OPENAI_API_KEY: undefined,
    DEEPSEEK_API_KEY: undefined,
    CI: 'false',
    TERM: 'xterm-256color',
    FORCE_COLOR: undefined,
    NO_COLOR: undefined,
    REIN_HOME: opts.home,
    ...opts.env,
  };
  const unset = Object.entries(env).flatMap(([key, value]) => (value === undefined ? ['-u', key] : []));
  const set = Object.entries(env).flatMap(([key, value]) => (value === undefined ? [] : [`${key}=${value}`]));
  const words = ['env', ...unset, ...set, process.execPath, opts.cli ?? cliPath, ...opts.args].map(shellQuote).join(' ');
  return `${words}; echo "EXIT:$?"; sleep 60`;
}

/** The prompt line: the last line starting with ❯ (user messages in the transcript start with it too). */
export const promptLine = (screen: string): string => screen.split('\n').filter((line) => line.startsWith('❯')).at(-1) ?? '';

/** The status bar: the last non-empty line of the screen. */
export const statusLine = (screen: string): string => screen.trimEnd().split('\n').at(-1) ?? '';

/** Types a message, waits until the prompt line shows it, then sends it with Enter. */
export async function typeAndSend(pane: TmuxPane, text: string): Promise<void> {
  await pane.sendText(text);
  await pane.waitFor((screen) => promptLine(screen) === `❯ ${text}`);
  await pane.sendKeys('Enter');
}

/** What a tmux end-to-end test file shares: the CLI snapshot, a tmux server, fresh directories per test, and what a test started. */
export interface TuiFixture {
  cli: CliSnapshot;
  tmux: TmuxServer;
  /** The directory rein runs in, and its $REIN_HOME; new for every test. */
  cwd: string;
  home: string;
  /** Set by a test; closed and cleared after it. */
  server?: MockLlmServer;
  pane?: TmuxPane;
}

/**
 * Starts the built CLI in a new pane against `server` (OpenAI format, model test-model) and waits for the prompt.
 * The server is the fixture's from now on (closed after the test); so is the pane, when it is in the fixture's tmux.
 */
export async function openRein(fx: TuiFixture, server: MockLlmServer, extraArgs: string[] = [], tmux = fx.tmux): Promise<TmuxPane> {
  fx.server = server;
  const args = ['--provider', 'openai', '--base-url', server.openaiBaseUrl, '--model', 'test-model', ...extraArgs];
  const pane = await tmux.start({ command: reinCommand({ cli: fx.cli.cliPath, args, home: fx.home, env: { OPENAI_API_KEY: 'sk-test' } }), cwd: fx.cwd });
  if (tmux === fx.tmux) fx.pane = pane;
  await pane.waitFor('Type a message', 20_000);
  return pane;
}

/** Registers the hooks that set a TuiFixture up and tear it down; `label` names the tmux server. */
export function useTuiFixture(label: string): TuiFixture {
  const fx = {} as TuiFixture;
  beforeAll(async () => {
    fx.cli = await snapshotCli();
    fx.tmux = tmuxServer(label);
  });
  afterAll(async () => {
    await fx.tmux?.close();
    fx.cli?.dispose();
  });
  beforeEach(() => {
    fx.cwd = mkdtempSync(join(tmpdir(), 'rein-tui-cwd-'));
    fx.home = mkdtempSync(join(tmpdir(), 'rein-tui-home-'));
  });
  afterEach(async () => {
    await fx.pane?.kill();
    fx.pane = undefined;
    await fx.server?.close();
    fx.server = undefined;
    rmSync(fx.cwd, { recursive: true, force: true, maxRetries: 5 });
    rmSync(fx.home, { recursive: true, force: true, maxRetries: 5 });
  });
  return fx;
}

/** The closing line of a saved session started as `node <cli>`, capturing the session id. */
export const continueLinePattern = (cli: string): RegExp =>
  new RegExp(`^Session (\\S+) saved\\. Continue with: node ${cli.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} --resume \\1$`, 'm');
