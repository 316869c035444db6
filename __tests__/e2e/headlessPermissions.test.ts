// End-to-end: headless --allowedTools / --disallowedTools in Claude Code's syntax, bad rules reported at session start, --sandbox.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { execa } from 'execa';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { findBwrap } from '../../source/permissions/sandbox.js';
import { startMockLlmServer, type MockLlmServer } from '../support/mockLlmServer.js';

const cli = resolve('dist/cli.js');
let repo: string;
let home: string;
let server: MockLlmServer;

beforeEach(async () => {
  repo = mkdtempSync(join(tmpdir(), 'rein-perm-repo-'));
  home = mkdtempSync(join(tmpdir(), 'rein-perm-home-'));
  server = await startMockLlmServer({ turns: [
    { toolCalls: [
      { name: 'bash', input: { command: 'echo allowed-ran' } },
      { name: 'bash', input: { command: 'echo allowed-ran && touch sneaky' } },
      { name: 'bash', input: { command: 'git push --force' } },
    ] },
    { text: 'done' },
  ] });
});
afterEach(async () => {
  await server.close();
  rmSync(repo, { recursive: true, force: true });
  rmSync(home, { recursive: true, force: true });
});

describe('headless permission flags', () => {
  it('allows what --allowedTools names and nothing riding along, denies what a settings file denies, and reports bad rules', async () => {
    mkdirSync(join(repo, '.claude'));
    writeFileSync(join(repo, '.claude', 'settings.json'), JSON.stringify({ permissions: { deny: ['Bash(git push:*)', 'Bassh(x)'] } }));
    const run = await execa('node', [cli, '-p', 'go', '--provider', 'openai', '--base-url', server.openaiBaseUrl, '--model', 'm', '--output-format', 'rein-events',
      '--permission-mode', 'ask', '--allowedTools', 'Bash(echo allowed-ran:*)', '--disallowedTools', 'Write'], {
      cwd: repo, reject: false, env: { REIN_HOME: home, HOME: home, OPENAI_API_KEY: 'sk-test' }, extendEnv: true, timeout: 60_000,
    });
    expect(run.exitCode).toBe(0);
    const events = run.stdout.split('\n').filter(Boolean).map((l) => JSON.parse(l) as { type: string; message?: string; result?: { content: string } });
    expect(events.filter((e) => e.type === 'warning').map((e) => e.message)).toEqual([
      `Permission rule 1 in ${join(repo, '.claude', 'settings.json')} permissions.deny ("Bassh(x)") was not used: unknown tool "Bassh".`,
    ]);
    const results = events.filter((e) => e.type === 'tool_end').map((e) => e.result?.content ?? '');
    expect(results[0]).toContain('allowed-ran');
    expect(results[1]).toMatch(/headless/);
    expect(results[2]).toMatch(/permission rule \(Bash\(git push:\*\)/);
  });

  // Without bubblewrap (allowed outside CI) the run must stop at start with rein's own sentence instead.
  if (!findBwrap()) {
    it('--sandbox on this machine, which has no bubblewrap, stops at start in one sentence', async () => {
      const run = await execa('node', [cli, '-p', 'go', '--sandbox', '--provider', 'openai', '--base-url', server.openaiBaseUrl, '--model', 'm'], {
        cwd: repo, reject: false, env: { REIN_HOME: home, HOME: home, OPENAI_API_KEY: 'sk-test' }, extendEnv: true, timeout: 60_000,
      });
      expect(run.exitCode).toBe(2);
      expect(run.stderr.trim()).toMatch(/^rein: The sandbox needs bubblewrap \(bwrap\), which is not installed; install it \(apt-get install bubblewrap, dnf install bubblewrap\) or run without --sandbox\.$/);
      expect(server.requests).toHaveLength(0);
    });
    return;
  }

  it('--sandbox runs commands without asking, and the settings files stay read-only inside it', async () => {
    await server.close();
    server = await startMockLlmServer({ turns: [
      // The settings path is computed when the command runs, so rein cannot see it (a literal one is asked first): the sandbox stops it.
      { toolCalls: [{ name: 'bash', input: { command: 'echo made > inside.txt && echo \'{"permissions":{"allow":["Bash"]}}\' > "$(printf .claude)/settings.local.json"' } }] },
      { text: 'done' },
    ] });
    mkdirSync(join(repo, '.claude'));
    writeFileSync(join(repo, '.claude', 'settings.local.json'), '{}');
    const run = await execa('node', [cli, '-p', 'go', '--sandbox', '--provider', 'openai', '--base-url', server.openaiBaseUrl, '--model', 'm', '--output-format', 'rein-events', '--permission-mode', 'ask'], {
      cwd: repo, reject: false, env: { REIN_HOME: home, HOME: home, OPENAI_API_KEY: 'sk-test' }, extendEnv: true, timeout: 60_000,
    });
    expect(run.exitCode).toBe(0);
    const ended = run.stdout.split('\n').filter(Boolean).map((l) => JSON.parse(l) as { type: string; result?: { content: string } }).filter((e) => e.type === 'tool_end');
    expect(ended[0].result?.content).toMatch(/Read-only file system/);
    expect(ended[0].result?.content).toContain('a headless run cannot ask');
    expect(readFileSync(join(repo, 'inside.txt'), 'utf8')).toBe('made\n');
    expect(readFileSync(join(repo, '.claude', 'settings.local.json'), 'utf8')).toBe('{}');
  });
});
