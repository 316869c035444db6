// End-to-end: the built CLI, headless, with a project's PreToolUse hook in .claude/settings.json that blocks a bash call.
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { execa } from 'execa';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startMockLlmServer, type MockLlmServer } from '../support/mockLlmServer.js';

const cli = resolve('dist/cli.js');
let repo: string;
let home: string;
let server: MockLlmServer;

beforeEach(async () => {
  repo = mkdtempSync(join(tmpdir(), 'rein-hooks-repo-'));
  home = mkdtempSync(join(tmpdir(), 'rein-hooks-home-'));
  server = await startMockLlmServer({ turns: [
    { toolCalls: [{ id: 'call_rm', name: 'bash', input: { command: 'rm -rf build && touch removed' } }] },
    { text: 'understood' },
  ] });
  mkdirSync(join(repo, '.claude', 'hooks'), { recursive: true });
  const guard = join(repo, '.claude', 'hooks', 'no-rm.sh');
  writeFileSync(guard, '#!/bin/bash\nif jq -e \'.tool_name == "Bash" and (.tool_input.command | test("rm -rf"))\' >/dev/null; then\n  echo "rm -rf is not allowed in this repository; move files to ./trash instead" >&2\n  exit 2\nfi\n');
  chmodSync(guard, 0o755);
  writeFileSync(join(repo, '.claude', 'settings.json'), JSON.stringify({
    hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: '"$CLAUDE_PROJECT_DIR"/.claude/hooks/no-rm.sh' }] }] },
  }));
});
afterEach(async () => {
  await server.close();
  rmSync(repo, { recursive: true, force: true });
  rmSync(home, { recursive: true, force: true });
});

const run = (extra: string[]) => execa('node', [cli, '-p', 'clean up', '--provider', 'openai', '--base-url', server.openaiBaseUrl, '--model', 'm', '--output-format', 'rein-events', ...extra], {
  cwd: repo, reject: false, env: { REIN_HOME: home, HOME: home, OPENAI_API_KEY: 'sk-test' }, extendEnv: true, timeout: 60_000,
});
type Line = { type: string; message?: string; outcome?: string; event?: string; result?: { content: string } };
const lines = (stdout: string) => stdout.split('\n').filter(Boolean).map((l) => JSON.parse(l) as Line);
/** The tool results the model received in its second request (OpenAI format: role "tool" messages). */
const toolMessages = (s: MockLlmServer) => (s.requests[1]?.body.messages as { role: string; content: string }[]).filter((m) => m.role === 'tool').map((m) => m.content);

describe('headless hooks', () => {
  it('with --trust-project, a PreToolUse hook blocks the call and the model receives its reason', async () => {
    const result = await run(['--trust-project']);
    expect(result.exitCode).toBe(0);
    const events = lines(result.stdout);
    expect(events.filter((e) => e.type === 'hook')).toMatchObject([{ event: 'PreToolUse', outcome: 'blocked', message: 'rm -rf is not allowed in this repository; move files to ./trash instead' }]);
    expect(toolMessages(server)).toEqual(['A PreToolUse hook refused this bash call: rm -rf is not allowed in this repository; move files to ./trash instead']);
    expect(existsSync(join(repo, 'removed'))).toBe(false);
  });

  it('without trust the project\'s hooks are not run, and a notice says how to run them', async () => {
    const result = await run([]);
    expect(result.exitCode).toBe(0);
    const warnings = lines(result.stdout).filter((e) => e.type === 'warning').map((e) => e.message);
    expect(warnings).toEqual([expect.stringMatching(/^Ignored the hook PreToolUse.* from .*\.claude\/settings\.json: this project is not trusted in a headless run; run with --trust-project to use it/)]);
    expect(existsSync(join(repo, 'removed'))).toBe(true);
  });
});
