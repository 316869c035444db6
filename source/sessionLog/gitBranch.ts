// Reads the checked-out git branch from .git without running git: for the status bar and the session log's header.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

/** The checked-out branch (or short commit when detached); undefined outside a repository. */
export function readGitBranch(cwd: string): string | undefined {
  try {
    for (let dir = resolve(cwd); ; dir = dirname(dir)) {
      const dotGit = join(dir, '.git');
      if (existsSync(dotGit)) {
        let gitDir = dotGit;
        if (statSync(dotGit).isFile()) {
          // A worktree or submodule: .git is a file naming the real git directory.
          const match = /^gitdir:\s*(.+)$/m.exec(readFileSync(dotGit, 'utf8'));
          if (!match) return undefined;
          gitDir = resolve(dir, match[1].trim());
        }
        const head = readFileSync(join(gitDir, 'HEAD'), 'utf8').trim();
        const ref = /^ref:\s*refs\/heads\/(.+)$/.exec(head);
        return ref ? ref[1] : head.slice(0, 7);
      }
      if (dirname(dir) === dir) return undefined;
    }
  } catch {
    return undefined;
  }
}
