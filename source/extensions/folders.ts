// Where user extensions live, for agents, commands and skills alike: Claude Code's folders and rein's own.
import os from 'node:os';
import path from 'node:path';

/**
 * `~/.claude/<name>`, `$REIN_HOME/<name>`, `<project>/.claude/<name>`, `<project>/.rein/<name>`: nearest last, so
 * it wins a name clash: the project's folders over the user's, and within each, .rein over .claude.
 */
export function extensionFolders(name: string, f: { project: string; reinHome: string; home?: string }): { dir: string; origin: string }[] {
  const home = f.home ?? os.homedir();
  return [
    { dir: path.join(home, '.claude', name), origin: 'user, .claude' },
    { dir: path.join(f.reinHome, name), origin: 'user' },
    { dir: path.join(f.project, '.claude', name), origin: 'project, .claude' },
    { dir: path.join(f.project, '.rein', name), origin: 'project' },
  ];
}
