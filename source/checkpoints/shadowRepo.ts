// A git repository rein owns beside a workspace: its commits are the workspace's checkpoints; the user's .git is never touched.
import { createHash } from 'node:crypto';
// fs.promises is read where it is used: Node loads it on first use, not while rein starts.
import { existsSync, mkdirSync, promises as fsp, readdirSync, readFileSync, rmSync, statSync, copyFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { execa as Execa } from 'execa';
import type { FileChange } from './types.js';
import { compareNames } from '../util/compareNames.js';

let loadedExeca: Promise<typeof Execa> | undefined;
/** execa and its dependencies take milliseconds to load: loaded with the first git call, not while rein starts. */
const execa = (): Promise<typeof Execa> => (loadedExeca ??= import('execa').then((m) => m.execa));

/** Where the shadow repository of `workspace` lives under rein's home. */
export const shadowDirFor = (reinHome: string, workspace: string): string =>
  path.join(reinHome, 'checkpoints', createHash('sha256').update(path.resolve(workspace)).digest('hex').slice(0, 16));

/** True when `workspace` is inside a git work tree (a `.git` entry in it or a parent). */
export function insideGitRepo(workspace: string): boolean {
  let dir = path.resolve(workspace);
  while (true) {
    if (existsSync(path.join(dir, '.git'))) return true;
    const parent = path.dirname(dir);
    if (parent === dir) return false;
    dir = parent;
  }
}

export interface Snapshot {
  commit: string;
  /** Workspace-relative paths over the size limit: noted, not stored. */
  notStored: string[];
}

// The user's git settings must not point ours elsewhere.
const strippedEnv = ['GIT_DIR', 'GIT_WORK_TREE', 'GIT_INDEX_FILE', 'GIT_OBJECT_DIRECTORY', 'GIT_ALTERNATE_OBJECT_DIRECTORIES', 'GIT_CEILING_DIRECTORIES', 'GIT_NAMESPACE'];

/** The user's global git settings must not convert, sign or rewrite what rein stores. */
const shadowConfig = ['-c', 'core.autocrlf=false', '-c', 'core.safecrlf=false', '-c', 'core.quotepath=off', '-c', 'commit.gpgSign=false', '-c', 'gc.auto=0', '-c', 'core.fsmonitor=false'];

export class ShadowRepo {
  private readonly indexFile: string;
  private ready = false;
  private excludes = '';
  /** The user's repository's `info/exclude` (found through git: a worktree's `.git` is a file). */
  private userExclude: string | undefined;
  /** The tree our index held after the last snapshot, and known commits' trees: fewer git calls per snapshot. */
  private indexTree: string | undefined;
  private readonly trees = new Map<string, string>();

  constructor(
    readonly gitDir: string,
    readonly workspace: string,
    /** One index per session, so two rein windows on one workspace do not fight over it. */
    readonly sessionId: string,
    private readonly maxFileBytes: number,
    /** Commit dates follow the session's clock: pruning by date compares against it. */
    private readonly now: () => Date = () => new Date(),
  ) {
    this.indexFile = path.join(gitDir, 'indexes', sessionId);
  }

  private env(): Record<string, string | undefined> {
    const env: Record<string, string | undefined> = {
      GIT_INDEX_FILE: this.indexFile, GIT_LITERAL_PATHSPECS: '1', GIT_TERMINAL_PROMPT: '0',
      GIT_AUTHOR_NAME: 'rein', GIT_AUTHOR_EMAIL: 'rein@localhost', GIT_COMMITTER_NAME: 'rein', GIT_COMMITTER_EMAIL: 'rein@localhost',
    };
    for (const name of strippedEnv) if (!(name in env)) env[name] = undefined;
    return env;
  }

  async git(args: string[], input?: string, extraEnv: Record<string, string> = {}): Promise<string> {
    const result = await (await execa())('git', [`--git-dir=${this.gitDir}`, `--work-tree=${this.workspace}`, ...shadowConfig, ...args], {
      cwd: this.workspace, env: { ...this.env(), ...extraEnv }, extendEnv: true, input, stripFinalNewline: false, maxBuffer: 256 * 1024 * 1024, reject: false,
    });
    if (result.exitCode !== 0 || result.failed) {
      // One line for the user: what git said, not the whole command.
      const said = String(result.stderr || result.message || '').split('\n').find((line) => line.trim() !== '')?.replace(/^(fatal|error): /, '') ?? 'no reason given';
      throw new Error(`git ${args[0]} failed in the checkpoint repository (${said.trim()})`);
    }
    return String(result.stdout);
  }

  private async init(): Promise<void> {
    if (this.ready) return;
    if (!existsSync(path.join(this.gitDir, 'HEAD'))) {
      mkdirSync(this.gitDir, { recursive: true });
      await (await execa())('git', ['init', '--bare', '--quiet', this.gitDir], { env: this.env() });
      await (await execa())('git', [`--git-dir=${this.gitDir}`, 'config', 'gc.auto', '0'], { env: this.env() });
    }
    mkdirSync(path.dirname(this.indexFile), { recursive: true });
    if (!existsSync(this.indexFile)) this.seedIndex();
    // A read-only question to the user's repository; its index and HEAD stay as they are.
    const found = await (await execa())('git', ['rev-parse', '--git-path', 'info/exclude'], { cwd: this.workspace, reject: false, env: { GIT_DIR: undefined, GIT_WORK_TREE: undefined } });
    if (found.exitCode === 0 && found.stdout.trim()) this.userExclude = path.resolve(this.workspace, found.stdout.trim());
    this.ready = true;
  }

  /** A new session starts from the newest index of the same workspace, so git re-hashes only what changed. */
  private seedIndex(): void {
    const dir = path.dirname(this.indexFile);
    const newest = readdirSync(dir)
      .filter((name) => !name.endsWith('.lock'))
      .map((name) => ({ name, mtime: statSync(path.join(dir, name)).mtimeMs }))
      .sort((a, b) => b.mtime - a.mtime)[0];
    if (newest) copyFileSync(path.join(dir, newest.name), this.indexFile);
  }

  /** The user's own exclude rules (`.git/info/exclude`) join ours; `.gitignore` files and core.excludesFile git reads itself. */
  private writeExcludes(large: string[]): void {
    const lines = ['.git/'];
    if (this.userExclude && existsSync(this.userExclude)) lines.push(readFileSync(this.userExclude, 'utf8'));
    for (const file of large) lines.push(`/${file.replace(/([*?[\\!#])/g, '\\$1')}`);
    const text = `${lines.join('\n')}\n`;
    if (text === this.excludes) return;
    mkdirSync(path.join(this.gitDir, 'info'), { recursive: true });
    writeFileSync(path.join(this.gitDir, 'info', 'exclude'), text);
    this.excludes = text;
  }

  /** Brings the index up to date with the workspace (the costly first pass of a session), without a commit. */
  async prime(): Promise<void> {
    await this.stage();
  }

  /** Records the workspace as it is now; returns the same commit as `parent` when nothing changed. */
  async snapshot(parent: string | undefined, message: string): Promise<Snapshot> {
    const { tree, notStored } = await this.stage();
    if (parent && (await this.treeOf(parent)) === tree) return { commit: parent, notStored };
    const when = `${Math.floor(this.now().getTime() / 1000)} +0000`;
    const commit = (await this.git(['commit-tree', '--no-gpg-sign', tree, ...(parent ? ['-p', parent] : []), '-m', message], undefined, { GIT_COMMITTER_DATE: when, GIT_AUTHOR_DATE: when })).trim();
    this.trees.set(commit, tree);
    await this.git(['update-ref', `refs/sessions/${this.sessionId}`, commit]);
    return { commit, notStored };
  }

  /** Stages what changed since the index (files over the size limit left out) and returns the tree. */
  private async stage(): Promise<{ tree: string; notStored: string[] }> {
    await this.init();
    this.writeExcludes([]);
    // Only files new or changed since the index are candidates for the size check.
    const candidates = (await this.git(['ls-files', '-z', '--others', '--modified', '--exclude-standard'])).split('\0').filter(Boolean);
    const notStored: string[] = [];
    for (const file of candidates) {
      const stat = await fsp.lstat(path.join(this.workspace, file)).catch(() => undefined);
      if (stat?.isFile() && stat.size > this.maxFileBytes) notStored.push(file);
    }
    if (notStored.length > 0) {
      this.writeExcludes(notStored);
      await this.git(['rm', '-q', '--cached', '--ignore-unmatch', '--pathspec-from-file=-', '--pathspec-file-nul'], notStored.join('\0'));
    }
    const large = new Set(notStored);
    const changed = candidates.filter((file) => !large.has(file));
    // Only the files git listed are added: no second walk over the whole workspace.
    if (changed.length > 0) await this.git(['add', '-A', '--ignore-errors', '--pathspec-from-file=-', '--pathspec-file-nul'], changed.join('\0'));
    const tree = candidates.length === 0 && this.indexTree ? this.indexTree : (await this.git(['write-tree'])).trim();
    this.indexTree = tree;
    return { tree, notStored };
  }

  /** False for a commit pruning removed (or one never made here). */
  async has(commit: string): Promise<boolean> {
    return this.git(['cat-file', '-e', `${commit}^{commit}`]).then(() => true, () => false);
  }

  private async treeOf(commit: string): Promise<string> {
    const known = this.trees.get(commit);
    if (known) return known;
    const tree = (await this.git(['rev-parse', `${commit}^{tree}`])).trim();
    this.trees.set(commit, tree);
    return tree;
  }

  /** What changes from `from` to `to`: per file, lines added and removed, created or deleted. */
  async diff(from: string, to: string): Promise<FileChange[]> {
    if (from === to) return [];
    const status = (await this.git(['diff-tree', '-r', '-z', '--no-renames', '--name-status', from, to])).split('\0').filter(Boolean);
    const kinds = new Map<string, FileChange['change']>();
    for (let i = 0; i + 1 < status.length; i += 2) kinds.set(status[i + 1], status[i] === 'A' ? 'created' : status[i] === 'D' ? 'deleted' : 'modified');
    const numstat = (await this.git(['diff-tree', '-r', '-z', '--no-renames', '--numstat', from, to])).split('\0').filter(Boolean);
    const changes: FileChange[] = [];
    for (const entry of numstat) {
      const [added, removed, ...rest] = entry.split('\t');
      const file = rest.join('\t');
      const binary = added === '-';
      changes.push({ path: file, change: kinds.get(file) ?? 'modified', added: binary ? 0 : Number(added), removed: binary ? 0 : Number(removed), ...(binary ? { binary } : {}) });
    }
    return changes.sort((a, b) => compareNames(a.path, b.path));
  }

  /** Puts the workspace's files back as they were at `commit`: the changed ones are written, the new ones removed. */
  async restore(commit: string, changes: readonly FileChange[]): Promise<void> {
    // `changes` run from the target to now: a file created since is deleted, the rest come back from the commit.
    const written = changes.filter((c) => c.change !== 'created').map((c) => c.path);
    const removed = changes.filter((c) => c.change === 'created').map((c) => c.path);
    if (written.length > 0) await this.git(['restore', `--source=${commit}`, '--worktree', '--staged', '--pathspec-from-file=-', '--pathspec-file-nul'], written.join('\0'));
    for (const file of removed) {
      const abs = path.join(this.workspace, file);
      await fsp.rm(abs, { force: true });
      await removeEmptyParents(path.dirname(abs), this.workspace);
    }
  }

  /** Removes the commits of sessions whose newest checkpoint is older than `cutoff`; returns how many went. */
  async prune(cutoff: Date): Promise<number> {
    if (!existsSync(path.join(this.gitDir, 'HEAD'))) return 0;
    const refs = (await this.git(['for-each-ref', '--format=%(refname) %(committerdate:unix)', 'refs/sessions/'])).split('\n').filter(Boolean);
    const old = refs.map((line) => line.split(' ')).filter(([, when]) => Number(when) * 1000 < cutoff.getTime()).map(([ref]) => ref);
    if (old.length === 0) return 0;
    await this.git(['update-ref', '--stdin'], old.map((ref) => `delete ${ref}\n`).join(''));
    for (const ref of old) rmSync(path.join(this.gitDir, 'indexes', ref.slice('refs/sessions/'.length)), { force: true });
    await this.git(['reflog', 'expire', '--expire=now', '--all']);
    await this.git(['gc', '--prune=now', '--quiet']);
    return old.length;
  }
}

async function removeEmptyParents(dir: string, root: string): Promise<void> {
  const top = path.resolve(root);
  let current = path.resolve(dir);
  while (current.startsWith(`${top}${path.sep}`)) {
    try {
      await fsp.rmdir(current);
    } catch {
      return;
    }
    current = path.dirname(current);
  }
}
