// terminal-size for Ink (scripts/bundleSwaps.mjs), with the same answers, in the same order: a terminal's own size
// (stdout, then stderr), then COLUMNS and LINES, then /dev/tty, tput and resize, then 80×24. Ink asks it only when
// its stdout has no width. The real module imports node:child_process for tput and resize at load, which cost
// about 5 ms before every first frame; here it loads only if those last resorts are reached.
import { constants, openSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { WriteStream } from 'node:tty';

const DEFAULT_COLUMNS = 80;
const DEFAULT_ROWS = 24;

interface Size {
  columns: number;
  rows: number;
}

const create = (columns: string | number, rows: string | number): Size => ({ columns: Number.parseInt(String(columns), 10), rows: Number.parseInt(String(rows), 10) });

function createIfNotDefault(columns: string, rows: string): Size | undefined {
  const size = create(columns, rows);
  if (Number.isNaN(size.columns) || Number.isNaN(size.rows)) return undefined;
  if (size.columns === DEFAULT_COLUMNS && size.rows === DEFAULT_ROWS) return undefined;
  return size;
}

function exec(command: string, args: string[], env?: NodeJS.ProcessEnv): string {
  const { execFileSync } = createRequire(import.meta.url)('node:child_process') as typeof import('node:child_process');
  return execFileSync(command, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'], timeout: 500, env }).trim();
}

/** Whether this process is the terminal's foreground process group (resize would otherwise stop it). */
function isForegroundProcess(): boolean {
  if (process.platform !== 'linux') return true;
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    const end = stat.lastIndexOf(') ');
    if (end === -1) return false;
    const fields = stat.slice(end + 2).trim().split(/\s+/);
    const group = Number.parseInt(fields[2], 10);
    const foreground = Number.parseInt(fields[5], 10);
    if (Number.isNaN(group) || Number.isNaN(foreground) || foreground <= 0) return false;
    return group === foreground;
  } catch {
    return false;
  }
}

function devTty(): Size | undefined {
  try {
    // O_EVTONLY exists on macOS only.
    const flags = process.platform === 'darwin' ? (constants as { O_EVTONLY?: number }).O_EVTONLY! | constants.O_NONBLOCK : constants.O_NONBLOCK;
    const { columns, rows } = new WriteStream(openSync('/dev/tty', flags));
    return { columns, rows };
  } catch {
    return undefined;
  }
}

function tput(): Size | undefined {
  try {
    const env = { TERM: 'dumb', ...process.env };
    const columns = exec('tput', ['cols'], env);
    const rows = exec('tput', ['lines'], env);
    return columns && rows ? createIfNotDefault(columns, rows) : undefined;
  } catch {
    return undefined;
  }
}

function resize(): Size | undefined {
  try {
    if (!isForegroundProcess()) return undefined;
    const size = exec('resize', ['-u']).match(/\d+/g);
    return size?.length === 2 ? createIfNotDefault(size[0], size[1]) : undefined;
  } catch {
    return undefined;
  }
}

export default function terminalSize(): Size {
  const { env, stdout, stderr } = process;
  if (stdout?.columns && stdout?.rows) return create(stdout.columns, stdout.rows);
  if (stderr?.columns && stderr?.rows) return create(stderr.columns, stderr.rows);
  // These values are static, so not the first choice.
  if (env.COLUMNS && env.LINES) return create(env.COLUMNS, env.LINES);
  const fallback = { columns: DEFAULT_COLUMNS, rows: DEFAULT_ROWS };
  if (process.platform === 'win32') return tput() ?? fallback;
  if (process.platform === 'darwin') return devTty() ?? tput() ?? fallback;
  return devTty() ?? tput() ?? resize() ?? fallback;
}
