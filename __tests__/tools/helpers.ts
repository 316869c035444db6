// Test helpers for the tools: a temp workspace with a ready ToolContext, and process liveness checks.
import { readFileSync, realpathSync } from 'node:fs';
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BackgroundTasks } from '../../source/tools/background.js';
import { FileState } from '../../source/tools/fileState.js';
import type { ToolContext, ToolSessionState } from '../../source/tools/types.js';

export interface TestWorkspace {
  /** Real path of the workspace folder. */
  dir: string;
  sessionDir: string;
  state: ToolSessionState;
  progress: string[];
  ctx(overrides?: Partial<ToolContext>): ToolContext;
  write(rel: string, content: string | Buffer): Promise<string>;
  read(rel: string): Promise<string>;
  cleanup(): Promise<void>;
}

export async function makeWorkspace(): Promise<TestWorkspace> {
  const root = realpathSync(await fs.mkdtemp(path.join(os.tmpdir(), 'rein-tools-')));
  const dir = path.join(root, 'ws');
  const sessionDir = path.join(root, 'session');
  await fs.mkdir(dir);
  await fs.mkdir(sessionDir);
  const state: ToolSessionState = {
    files: new FileState(),
    todos: [],
    background: new BackgroundTasks({ killGraceMs: 300 }),
    sessionDir,
    extraReadableRoots: [],
  };
  const progress: string[] = [];
  return {
    dir,
    sessionDir,
    state,
    progress,
    ctx: (overrides = {}) => ({
      cwd: dir,
      workspace: dir,
      signal: new AbortController().signal,
      onProgress: (text) => progress.push(text),
      state,
      toolCallId: 'call_1',
      ...overrides,
    }),
    async write(rel, content) {
      const file = path.join(dir, rel);
      await fs.mkdir(path.dirname(file), { recursive: true });
      await fs.writeFile(file, content);
      return file;
    },
    read: (rel) => fs.readFile(path.join(dir, rel), 'utf8'),
    async cleanup() {
      await state.background.killAll();
      await fs.rm(root, { recursive: true, force: true });
    },
  };
}

/** A process counts as gone when it no longer exists or is a zombie waiting to be reaped. */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return false;
  }
}

/** Polls `check` until it holds; fails after `tries` polls, never asserting on elapsed time. */
export async function waitUntil(check: () => boolean | Promise<boolean>, tries = 200, everyMs = 25): Promise<void> {
  for (let i = 0; i < tries; i++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
  throw new Error('condition not met in time');
}

/** Sets a file's mtime explicitly, so "newest first" does not depend on how fast the test runs. */
export async function setMtime(file: string, secondsAgo: number): Promise<void> {
  const when = new Date(Date.now() - secondsAgo * 1000);
  await fs.utimes(file, when, when);
}
