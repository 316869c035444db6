// The command that starts rein the way this process was started, for the lines that tell a person what to type next.
import { accessSync, constants, realpathSync } from 'node:fs';
import { basename, delimiter, join, resolve } from 'node:path';

/** Set by `npm start` (scripts/start.mjs) to the words that started it, e.g. "npm start --". */
export const launcherVariable = 'REIN_LAUNCHER';

const realOf = (path: string): string | undefined => {
  try {
    return realpathSync(path);
  } catch {
    return undefined;
  }
};

const quote = (word: string): string => (/^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`);

/** The first executable `name` on `path`. */
function which(name: string, path: string): string | undefined {
  for (const dir of path.split(delimiter)) {
    if (dir === '') continue;
    try {
      accessSync(join(dir, name), constants.X_OK);
      return join(dir, name);
    } catch {
      // Not in this folder.
    }
  }
  return undefined;
}

/**
 * `rein` when the script is the rein on PATH (a global install or npm link), the launcher npm start named, the
 * script's own path when it is an installed command elsewhere, else `node <script>`.
 */
export function startCommand(script: string, env: NodeJS.ProcessEnv): string {
  const launcher = env[launcherVariable];
  if (launcher !== undefined && launcher.trim() !== '') return launcher.trim();
  const real = realOf(script);
  if (!script.endsWith('.js')) {
    const onPath = which(basename(script), env.PATH ?? '');
    if (onPath !== undefined && real !== undefined && realOf(onPath) === real) return basename(script);
    return quote(resolve(script));
  }
  return `node ${quote(resolve(script))}`;
}
