// Hook scripts in temp folders and sessions that run them: real bash, real processes.
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setupHooks } from '../../source/extensions/hookSetup.js';
import type { SessionHooks } from '../../source/extensions/sessionHooks.js';

export interface HookDir {
  dir: string;
  /** Writes an executable bash script and returns the command that runs it. */
  script(name: string, body: string): string;
  /** Every JSON object a capturing script wrote to `name`.jsonl, in order. */
  inputs(name: string): Record<string, unknown>[];
  has(file: string): boolean;
  cleanup(): void;
}

export function hookDir(): HookDir {
  const dir = mkdtempSync(join(tmpdir(), 'rein-hooks-'));
  return {
    dir,
    script(name, body) {
      const file = join(dir, `${name}.sh`);
      writeFileSync(file, `#!/bin/bash\nexport D=${JSON.stringify(dir)}\n${body}\n`);
      chmodSync(file, 0o755);
      return file;
    },
    inputs(name) {
      const file = join(dir, `${name}.jsonl`);
      if (!existsSync(file)) return [];
      return readFileSync(file, 'utf8').split('\n').filter(Boolean).map((line) => JSON.parse(line) as Record<string, unknown>);
    },
    has: (file) => existsSync(join(dir, file)),
    cleanup: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** A capturing hook: appends its stdin to `name`.jsonl, then runs `then` (exit code, output). */
export const capture = (d: HookDir, name: string, then = 'exit 0') => d.script(name, `cat >> "$D/${name}.jsonl"\n${then}`);

export interface MakeHooksOptions {
  /** A user-level layer (runs without trust) unless `scope` says project. */
  scope?: 'user' | 'project';
  /** Whether the project is trusted (its hooks run). */
  projectTrusted?: boolean;
  reinHome?: string;
}

/** Hooks configured as `hooks` in one agent.config.json layer. */
export function makeHooks(d: HookDir, hooks: Record<string, unknown>, o: MakeHooksOptions = {}): { hooks?: SessionHooks; warnings: string[] } {
  return setupHooks({
    layers: [{ file: join(d.dir, 'agent.config.json'), scope: o.scope ?? 'user', hooks }],
    settings: [],
    projectDir: d.dir,
    cwd: d.dir,
    reinHome: o.reinHome ?? d.dir,
    sessionId: 'session-1',
    transcriptPath: join(d.dir, 'log.jsonl'),
    projectTrusted: o.projectTrusted ?? false,
  });
}

/** `{"Event": [{"matcher": m, "hooks": [{"type": "command", "command": c}]}]}` for one or more commands. */
export const on = (event: string, commands: string | string[], matcher?: string, timeout?: number) => ({
  [event]: [{ ...(matcher === undefined ? {} : { matcher }), hooks: (Array.isArray(commands) ? commands : [commands]).map((command) => ({ type: 'command', command, ...(timeout ? { timeout } : {}) })) }],
});
