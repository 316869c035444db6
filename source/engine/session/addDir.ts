// /add-dir inside a session: a folder joins the ones the file tools (and the sandbox) may use, and the model hears of it.
import { realpathSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';
import { isInside } from '../../tools/paths.js';
import type { SessionCore } from './core.js';
import type { AddDirOutcome } from './types.js';

function expandHome(given: string): string {
  if (given === '~') return homedir();
  return given.startsWith('~/') ? path.join(homedir(), given.slice(2)) : given;
}

export function addDirectory(core: SessionCore, given: string): AddDirOutcome {
  const written = given.trim();
  if (!written) return { ok: false, message: 'Usage: /add-dir <path>: name a folder for the file tools to use besides the workspace.' };
  const abs = path.resolve(core.o.cwd, expandHome(written));
  let kind: 'folder' | 'file' | 'missing';
  try {
    kind = statSync(abs).isDirectory() ? 'folder' : 'file';
  } catch {
    kind = 'missing';
  }
  if (kind === 'missing') return { ok: false, message: `${abs} does not exist; check the path.` };
  if (kind === 'file') return { ok: false, message: `${abs} is a file, not a folder; give the folder that holds it.` };
  const real = realpathSync(abs);
  const added = core.state.addedDirs ?? (core.state.addedDirs = []);
  const workspace = realpathSync(core.o.workspace);
  if (isInside(real, workspace)) return { ok: true, dir: abs, already: `${abs} is inside the workspace already; the file tools can use it.` };
  const covering = added.find((dir) => isInside(real, realOf(dir)));
  if (covering) return { ok: true, dir: abs, already: `${abs} is usable already (added as ${covering}).` };
  // The same array the tools, the sandbox and subagents read: the folder is usable from the next tool call on.
  added.push(abs);
  core.reminders.dirAdded(abs);
  core.hooks?.directoryAdded(abs);
  return { ok: true, dir: abs };
}

function realOf(dir: string): string {
  try {
    return realpathSync(dir);
  } catch {
    return dir;
  }
}
