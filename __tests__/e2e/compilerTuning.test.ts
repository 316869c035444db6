// The built CLI runs with TurboFan inlining off (see source/compilerTuning.ts), unless the user's own node flags say otherwise.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { execa } from 'execa';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tuneCompiler } from '../../source/compilerTuning.js';
import { startMockLlmServer, type MockLlmServer } from '../support/mockLlmServer.js';

const cli = resolve('dist/cli.js');
let dir: string;
let server: MockLlmServer;

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'rein-tuning-'));
  server = await startMockLlmServer();
});

afterEach(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A headless run streaming a long answer a few characters per chunk (enough for the hot code to be optimized), with V8's traces of optimization and inlining on. */
async function streamWithTrace(nodeFlags: string[]): Promise<{ inlined: number; stdout: string }> {
  server.push({ text: 'word '.repeat(6_000), chunkSize: 3 });
  const result = await execa('node', [...nodeFlags, '--trace-opt', '--trace-turbo-inlining', cli, '-p', 'go', '--provider', 'openai', '--base-url', server.openaiBaseUrl, '--model', 'm'], {
    cwd: dir,
    reject: false,
    env: { REIN_HOME: join(dir, 'home'), OPENAI_API_KEY: 'k', NODE_OPTIONS: '' },
    extendEnv: true,
    timeout: 60_000,
  });
  expect(result.exitCode).toBe(0);
  return { inlined: result.stdout.split('\n').filter((line) => line.startsWith('Inlining ')).length, stdout: result.stdout };
}

describe('compiler tuning', () => {
  it('the CLI optimizes its hot code without inlining', async () => {
    const run = await streamWithTrace([]);
    expect(run.stdout).toContain('word word');
    // Hot functions were optimized, and none had a call inlined.
    expect(run.stdout).toMatch(/completed (optimizing|compiling).*TURBOFAN/);
    expect(run.inlined).toBe(0);
  });

  it('a user who sets --turbo-inlining keeps it', async () => {
    const run = await streamWithTrace(['--turbo-inlining']);
    expect(run.inlined).toBeGreaterThan(0);
  });

  it('leaves the flag alone when node was started with it either way', () => {
    const set: string[] = [];
    expect(tuneCompiler(['--turbo-inlining'], '', (flags) => set.push(flags))).toBe(false);
    expect(tuneCompiler([], '--no-turbo_inlining', (flags) => set.push(flags))).toBe(false);
    expect(set).toEqual([]);
    expect(tuneCompiler(['--trace-turbo-inlining'], '--max-old-space-size=100', (flags) => set.push(flags))).toBe(true);
    expect(set).toEqual(['--no-turbo-inlining']);
  });
});
