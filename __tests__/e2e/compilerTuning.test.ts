// The built CLI runs with TurboFan inlining off, a longer interrupt budget and WebAssembly in baseline code only (see
// source/cli/compilerTuning.ts), unless the user's own node flags say otherwise.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { execa } from 'execa';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tuneCompiler } from '../../source/cli/compilerTuning.js';
import { tuneHeap } from '../../source/cli/heapTuning.js';
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

/** A headless run of the built CLI against the mock server's scripted turns, with `nodeFlags` given to node; its stdout lines. */
async function headlessRun(nodeFlags: string[], cliFlags: string[] = []): Promise<string[]> {
  const result = await execa('node', [...nodeFlags, cli, '-p', 'go', '--provider', 'openai', '--base-url', server.openaiBaseUrl, '--model', 'm', ...cliFlags], {
    cwd: dir,
    reject: false,
    env: { REIN_HOME: join(dir, 'home'), OPENAI_API_KEY: 'k', NODE_OPTIONS: '' },
    extendEnv: true,
    timeout: 60_000,
  });
  expect(result.exitCode).toBe(0);
  return result.stdout.split('\n');
}

/** A headless run streaming a long answer a few characters per chunk (enough for the hot code to be optimized), with V8's traces of optimization and inlining on. */
async function streamWithTrace(nodeFlags: string[]): Promise<{ inlined: number; optimized: number; stdout: string }> {
  server.push({ text: 'word '.repeat(6_000), chunkSize: 3 });
  const lines = await headlessRun([...nodeFlags, '--trace-opt', '--trace-turbo-inlining']);
  return {
    inlined: lines.filter((line) => line.startsWith('Inlining ')).length,
    optimized: lines.filter((line) => /completed (optimizing|compiling)/.test(line) && line.includes('TURBOFAN')).length,
    stdout: lines.join('\n'),
  };
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

  it('optimizes fewer functions than with V8\'s default interrupt budget, and keeps a budget the user gives', async () => {
    // 67584 is V8's own default interrupt budget: the same stream sees fewer functions reach the optimizing tier with
    // rein's longer budget than with V8's. A budget the user gives wins over
    // rein's: with one too long for any function to use up, nothing is optimized (were it replaced by rein's, the
    // stream would optimize about as many functions as with no flag at all).
    const tuned = await streamWithTrace([]);
    const v8Default = await streamWithTrace(['--interrupt-budget=67584']);
    const userLong = await streamWithTrace(['--interrupt-budget=100000000']);
    expect(tuned.optimized).toBeGreaterThan(0);
    expect(tuned.optimized).toBeLessThan(v8Default.optimized);
    expect(userLong.optimized).toBe(0);
  });

  it('parses a shell command with the bash grammar in baseline wasm code: TurboFan never compiles its lexer', async () => {
    // The permission check parses `node -v` with tree-sitter's bash grammar before the command runs.
    server.push({ toolCalls: [{ name: 'bash', input: { command: 'node -v' } }] });
    server.push({ text: 'done' });
    const lines = await headlessRun(['--trace-wasm-compilation-times'], ['--output-format', 'rein-events']);
    expect(lines.find((line) => line.includes('"type":"tool_end"'))).toContain(process.version);
    expect(lines.filter((line) => /Compiled function .* using Liftoff/.test(line)).length).toBeGreaterThan(0);
    expect(lines.filter((line) => /Compiled function .* using TurboFan/.test(line))).toEqual([]);
  });

  it('sets the interrupt budget only on a V8 that has one: later ones would print an error at every start', () => {
    const none = () => undefined;
    expect(tuneCompiler([], '', none, '11.3.244.8-node.38')).toContain('--interrupt-budget=270336');
    for (const later of ['11.8.172.17-node.20', '12.4.254.21-node.57', '13.6.233.17-node.63']) {
      expect(tuneCompiler([], '', none, later), later).toEqual(['--no-turbo-inlining', '--liftoff-only']);
      expect(tuneHeap([], '', none, later), later).toEqual(['--semi-space-growth-factor=1', '--no-parallel-scavenge', '--expose-gc']);
    }
  });

  it('sets only flags that the V8 of the node running the tests knows', async () => {
    const known = new Set([...(await execa('node', ['--v8-options'])).stdout.matchAll(/^ {2}--([\w-]+) \(/gm)].map((match) => match[1]));
    expect(known.size).toBeGreaterThan(100);
    const none = () => undefined;
    for (const flag of [...tuneCompiler([], '', none), ...tuneHeap([], '', none)]) {
      expect(known.has(flag.replace(/^--(?:no-)?/, '').replace(/=.*$/, '')), flag).toBe(true);
    }
  });

  it('leaves each flag alone when node was started with it either way', () => {
    const set: string[] = [];
    expect(tuneCompiler(['--turbo-inlining', '--interrupt-budget=1000', '--no-liftoff-only'], '', (flags) => set.push(flags))).toEqual([]);
    expect(tuneCompiler(['--no-liftoff'], '--no-turbo_inlining --interrupt_budget=5000', (flags) => set.push(flags))).toEqual([]);
    expect(set).toEqual([]);
    expect(tuneCompiler(['--turbo-inlining', '--liftoff_only'], '', (flags) => set.push(flags))).toEqual(['--interrupt-budget=270336']);
    expect(tuneCompiler(['--trace-turbo-inlining', '--trace-wasm-compilation-times'], '--max-old-space-size=100', (flags) => set.push(flags))).toEqual([
      '--no-turbo-inlining',
      '--interrupt-budget=270336',
      '--liftoff-only',
    ]);
    expect(set).toEqual(['--interrupt-budget=270336', '--no-turbo-inlining', '--interrupt-budget=270336', '--liftoff-only']);
  });
});
