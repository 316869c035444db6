// Which optional tools (tmux, bubblewrap) this machine has, which test files need tmux, and what a run says it left out.
import { accessSync, constants, readdirSync, readFileSync } from 'node:fs';
import { delimiter, join, relative, sep } from 'node:path';

/** Whether an executable named `name` is on `path`. */
export function onPath(name: string, path = process.env.PATH ?? ''): boolean {
  return path.split(delimiter).some((dir) => {
    if (dir === '') return false;
    try {
      accessSync(join(dir, name), constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}

/** CI machines set CI to "true" (or "1"); `CI=false` is what the e2e tests give the rein they start. */
export const isCi = (env: NodeJS.ProcessEnv = process.env): boolean => env.CI !== undefined && env.CI !== '' && env.CI !== 'false' && env.CI !== '0';

const installCommand = (debianName: string, brewName: string): string =>
  process.platform === 'darwin' ? `brew install ${brewName}` : `apt-get install ${debianName}`;

/** Test files that start rein in tmux: every file that sets up a tmux fixture or server. */
export function tmuxTestFiles(root = '__tests__'): string[] {
  const found: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (/\.test\.tsx?$/.test(entry.name) && /\b(useTuiFixture|tmuxServer)\(/.test(readFileSync(path, 'utf8'))) found.push(path);
    }
  };
  walk(root);
  return found.map((path) => relative('.', path).split(sep).join('/')).sort();
}

export interface MachineTools {
  tmux: boolean;
  bwrap: boolean;
}

export const machineTools = (path = process.env.PATH ?? ''): MachineTools => ({ tmux: onPath('tmux', path), bwrap: onPath('bwrap', path) });

/** Under CI every test must run: one sentence per missing tool, empty when nothing is missing. */
export function ciProblems(tools: MachineTools): string[] {
  const problems: string[] = [];
  if (!tools.tmux) problems.push(`CI is set but tmux is not installed, so the end-to-end tests could not run; install it (${installCommand('tmux', 'tmux')}), as .ci/run does.`);
  if (!tools.bwrap) problems.push(`CI is set but bubblewrap (bwrap) is not installed, so the sandbox tests could not run; install it (${installCommand('bubblewrap', 'bubblewrap')}), as .ci/run does.`);
  return problems;
}

/** The closing lines of a run on a machine without a tool: what was not exercised and how to install what it needs. */
export function notRunLines(tools: MachineTools, skippedTmuxFiles: readonly string[]): string[] {
  const lines: string[] = [];
  if (!tools.tmux && skippedTmuxFiles.length > 0) {
    const names = skippedTmuxFiles.map((file) => file.replace(/^__tests__\//, '')).join(', ');
    lines.push(`Not run: ${skippedTmuxFiles.length} tmux end-to-end test files (${names}); tmux is not installed: ${installCommand('tmux', 'tmux')}, then npm test again.`);
  }
  if (!tools.bwrap) {
    const how = process.platform === 'linux' ? `bubblewrap is not installed: ${installCommand('bubblewrap', 'bubblewrap')}, then npm test again` : 'bubblewrap runs on Linux only';
    lines.push(`Not run: the sandbox tests, which checked only rein's missing-bubblewrap error instead; ${how}.`);
  }
  return lines;
}
