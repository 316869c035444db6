// Runs the ripgrep binary shipped with @vscode/ripgrep, plus the newest-first ordering glob and grep share.
import { promises as fs } from 'node:fs';
import { createRequire } from 'node:module';
import { loadExeca } from './processGroup.js';

let binary: string | undefined;

/**
 * The bundled binary's path. Its package is required on first use: a static import made every start look the
 * package up and load it as CommonJS before the first frame or request, for a path only grep, glob and doctor use.
 */
export function ripgrepPath(): string {
  return (binary ??= (createRequire(import.meta.url)('@vscode/ripgrep') as { rgPath: string }).rgPath);
}

export interface RipgrepResult {
  stdout: string;
  stderr: string;
  /** 0 = matches, 1 = none, 2 = error (possibly with partial results). */
  exitCode: number | undefined;
}

/**
 * --no-config keeps a user's RIPGREP_CONFIG_PATH from changing the output format;
 * --no-require-git applies .gitignore files even outside a git checkout.
 */
const baseArgs = ['--no-config', '--no-require-git', '--color=never'];

export async function runRipgrep(args: string[], cwd: string, signal: AbortSignal): Promise<RipgrepResult> {
  const execa = await loadExeca();
  const result = await execa(ripgrepPath(), [...baseArgs, ...args], {
    cwd,
    cancelSignal: signal,
    reject: false,
    stdin: 'ignore',
    stripFinalNewline: false,
    maxBuffer: 256 * 1024 * 1024,
  });
  signal.throwIfAborted();
  return { stdout: String(result.stdout ?? ''), stderr: String(result.stderr ?? ''), exitCode: result.exitCode };
}

/** First lines of ripgrep's error output, for messages. */
export const ripgrepError = (stderr: string): string =>
  stderr
    .split('\n')
    .map((line) => line.replace(/^rg: /, '').trimEnd())
    .filter((line) => line !== '' && !/^~+$/.test(line))
    .slice(0, 8)
    .join('\n');

/** Sorts paths newest first (by mtime), then by name; paths that vanished meanwhile go last. */
export async function sortNewestFirst(absPaths: string[]): Promise<string[]> {
  const mtimes = new Map<string, number>();
  const batch = 64;
  for (let i = 0; i < absPaths.length; i += batch) {
    await Promise.all(
      absPaths.slice(i, i + batch).map(async (file) => {
        mtimes.set(file, await fs.stat(file).then((s) => s.mtimeMs, () => -1));
      }),
    );
  }
  return [...absPaths].sort((a, b) => (mtimes.get(b) ?? -1) - (mtimes.get(a) ?? -1) || (a < b ? -1 : a > b ? 1 : 0));
}
