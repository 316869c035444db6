import { createServer, type Server } from 'node:http';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { execa } from 'execa';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AgentEvent } from '../../source/protocol/events.js';
import { findBwrap } from '../../source/permissions/sandbox.js';
import { lastToolResults, makeHarness, runPrompt, type Harness } from '../support/engineHarness.js';

// Without bubblewrap (allowed outside CI, see machineTools.ts) these tests check rein's own error instead.
const bwrap = findBwrap();
const missingBwrap = 'rein: The sandbox needs bubblewrap (bwrap), which is not installed; install it (apt-get install bubblewrap, dnf install bubblewrap) or run without --sandbox.';
const sandboxError = (path: string) =>
  execa(process.execPath, [resolve('dist/cli.js'), '--sandbox', '-p', 'hi'], { reject: false, env: { PATH: path, OPENAI_API_KEY: 'sk-test', REIN_HOME: join(homedir(), '.rein-none') }, extendEnv: false });
const outside = join(homedir(), `.rein-sandbox-probe-${process.pid}`);
let server: Server;
let port = 0;
let h: Harness | undefined;

beforeAll(async () => {
  if (!bwrap) return;
  server = createServer((_, res) => res.end('reachable'));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  port = (server.address() as { port: number }).port;
});
afterAll(() => new Promise<void>((r) => (server ? server.close(() => r()) : r())));
afterEach(async () => {
  rmSync(outside, { force: true });
  await h?.cleanup();
  h = undefined;
});

const sandboxed = (network = false) => ({ mode: 'ask' as const, sandbox: { bwrap: bwrap as string, network, protectedFiles: [] } });
type Asked = Extract<AgentEvent, { type: 'approval_request' }>;

if (bwrap) describe('the bash sandbox', () => {
  it('runs commands without asking; writes in the workspace succeed, outside fail, and the network is off', async () => {
    h = makeHarness([{ toolCalls: [
      { name: 'bash', input: { command: 'echo inside > made.txt && cat made.txt' } },
      { name: 'bash', input: { command: `echo x > ${outside}` } },
      { name: 'bash', input: { command: `exec 3<>/dev/tcp/127.0.0.1/${port} && echo connected` } },
      // A path only known when it runs: rein cannot see it is a protected one, the sandbox stops it.
      { name: 'bash', input: { command: 'echo t > "$(printf .git)"/hooks-probe' } },
    ] }, { text: 'ok' }], sandboxed());
    const asked: Asked[] = [];
    await execa('git', ['init', '-q'], { cwd: h.workspace });
    await runPrompt(h.session, 'go', (e) => { asked.push(e); return { kind: 'no' }; });
    expect(readFileSync(join(h.workspace, 'made.txt'), 'utf8')).toBe('inside\n');
    expect(existsSync(outside)).toBe(false);
    expect(existsSync(join(h.workspace, '.git', 'hooks-probe'))).toBe(false);
    // The three stopped commands are each offered to run outside; the user says no.
    expect(asked.map((a) => a.reason)).toEqual(Array(3).fill('it failed inside the sandbox: run it again outside?'));
    const results = lastToolResults(h.provider.requests[1]);
    expect(results[0]).toContain('inside');
    expect(results[1]).toMatch(/Read-only file system/);
    expect(results[2]).toMatch(/Connection refused|Network is unreachable/);
    expect(results[2]).not.toContain('connected');
    expect(results[1]).toContain('the user declined to run it outside');
  });

  it('reaches the network with sandbox.network', async () => {
    h = makeHarness([{ toolCalls: [{ name: 'bash', input: { command: `exec 3<>/dev/tcp/127.0.0.1/${port} && echo connected` } }] }, { text: 'ok' }], sandboxed(true));
    await runPrompt(h.session, 'go', () => ({ kind: 'no' }));
    expect(lastToolResults(h.provider.requests[1])[0]).toContain('connected');
  });

  it('a command the sandbox stopped runs outside once the user says yes', async () => {
    h = makeHarness([{ toolCalls: [{ name: 'bash', input: { command: `echo outside-ok > ${outside}` } }] }, { text: 'ok' }], sandboxed());
    const asked: Asked[] = [];
    await runPrompt(h.session, 'go', (e) => { asked.push(e); return { kind: 'yes' }; });
    expect(asked).toHaveLength(1);
    expect(asked[0].alwaysRules).toEqual([`Bash(echo outside-ok > ${outside})`]);
    expect(readFileSync(outside, 'utf8')).toBe('outside-ok\n');
  });

  it('deny rules and the guard still hold inside the sandbox', async () => {
    h = makeHarness([{ toolCalls: [{ name: 'bash', input: { command: 'git push' } }, { name: 'bash', input: { command: 'rm -rf ~' } }] }, { text: 'ok' }], {
      ...sandboxed(), permissions: { rules: [{ text: 'Bash(git push:*)', effect: 'deny', target: { kind: 'bash', command: 'git push', prefix: true }, source: 'test' }] },
    });
    const events = await runPrompt(h.session, 'go', () => ({ kind: 'yes' }));
    expect(events.some((e) => e.type === 'approval_request')).toBe(false);
    const [push, rm] = lastToolResults(h.provider.requests[1]);
    expect(push).toMatch(/denies this command/);
    expect(rm).toMatch(/refused to run this command/);
  });
});

describe('--sandbox without bubblewrap', () => {
  it('fails at start with one sentence on installing it', async () => {
    const run = await sandboxError('/nonexistent');
    expect(run.exitCode).toBe(2);
    expect(run.stderr.trim()).toBe(missingBwrap);
  });

  if (!bwrap) {
    it('is what a user of this machine gets (bubblewrap is not installed here)', async () => {
      const run = await sandboxError(process.env.PATH ?? '');
      expect(run.exitCode).toBe(2);
      expect(run.stderr.trim()).toBe(missingBwrap);
    });
  }
});
