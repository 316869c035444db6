// Where config files live and how a configured workspace path becomes absolute.
import os from 'node:os';
import path from 'node:path';
import type { Env } from './types.js';

export const configFileName = 'agent.config.json';

function homeDir(env: Env): string {
  return env.HOME || env.USERPROFILE || os.homedir();
}

/** Expands a leading ~ so paths written for the shell work in config files too. */
function expandHome(p: string, env: Env): string {
  if (p === '~') return homeDir(env);
  if (p.startsWith('~/') || p.startsWith('~\\')) return path.join(homeDir(env), p.slice(2));
  return p;
}

/** rein's per-user folder: $REIN_HOME, else ~/.rein. */
export function resolveReinHome(env: Env): string {
  const fromEnv = env.REIN_HOME;
  if (fromEnv) return path.resolve(expandHome(fromEnv, env));
  return path.join(homeDir(env), '.rein');
}

/** Resolves a workspace value against the folder of whatever set it (a file's folder, or the cwd). */
export function resolveWorkspace(value: string, baseDir: string, env: Env): string {
  return path.resolve(baseDir, expandHome(value, env));
}
