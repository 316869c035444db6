// /doctor: the built CLI run headless (`rein -p "/doctor"`) against the mock server and a closed port, with PATH
// narrowed to hide programs; and the checks whose inputs a child process cannot easily set (a config broken since
// start, MCP states, terminals).
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execa } from 'execa';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { configChecks, mcpChecks, onPath, terminalCheck } from '../../source/commands/doctorChecks.js';
import type { SessionDiagnostics } from '../../source/protocol/diagnostics.js';
import { startMockLlmServer, type MockLlmServer } from '../support/mockLlmServer.js';
import { everythingBin } from '../support/mcpServers.js';
import { cli, openaiArgs, scratch, type Scratch } from '../support/headlessRun.js';

let s: Scratch;
let server: MockLlmServer | undefined;
beforeEach(() => {
  s = scratch();
});
afterEach(async () => {
  await server?.close();
  server = undefined;
  s.remove();
});

const key = 'sk-test-doctor-secret-7f3a';

function doctor(args: string[], env: Record<string, string> = {}) {
  // process.execPath: PATH may be narrowed to a folder without node.
  return execa(process.execPath, [cli, '-p', '/doctor', ...args], {
    cwd: s.repo, reject: false, input: '', timeout: 90_000,
    env: { REIN_HOME: s.home, HOME: s.home, OPENAI_API_KEY: key, ANTHROPIC_API_KEY: '', REIN_API_KEY: '', ...env },
  });
}

/** A port nothing listens on: taken, then given back. */
async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** A folder holding links to only the named programs found on PATH now. */
function pathWith(names: string[]): string {
  const bin = join(s.home, 'bin');
  mkdirSync(bin, { recursive: true });
  for (const name of names) {
    const found = onPath(name, process.env.PATH ?? '');
    if (found) symlinkSync(found, join(bin, name));
  }
  return bin;
}

describe('rein -p "/doctor"', () => {
  it('finds the provider reachable, names the key\'s variable with a masked tail, and lists config and hooks', async () => {
    server = await startMockLlmServer({ turns: [] });
    writeFileSync(join(s.home, 'agent.config.json'), JSON.stringify({ hooks: { Stop: [{ hooks: [{ type: 'command', command: 'true' }] }] } }));
    writeFileSync(join(s.repo, 'agent.config.json'), JSON.stringify({ apiKey: 'sk-from-the-repo-0000' }));
    const run = await doctor(openaiArgs(server));
    expect(run.exitCode).toBe(0);
    const out = run.stdout;
    expect(out).toContain(`✓ Provider: openai at ${server.openaiBaseUrl} answers (HTTP `);
    expect(out).toContain('✓ API key: from OPENAI_API_KEY (…7f3a)');
    expect(out).not.toContain(key);
    expect(out).not.toContain('sk-from-the-repo');
    expect(out).toContain(`✓ Config: ${join(s.home, 'agent.config.json')}, ${join(s.repo, 'agent.config.json')}`);
    expect(out).toMatch(/! "apiKey" in .*agent\.config\.json is ignored/);
    expect(out).toContain('✓ Hooks: 1 (Stop 1)');
    expect(out).toContain('! Model: test-model is not one rein knows; window taken as');
    expect(out).toContain('· MCP: no servers configured');
    // No model was asked anything.
    expect(server.requests.filter((r) => r.path.includes('chat/completions'))).toHaveLength(0);
  });

  it('says a closed port cannot be reached and what to do', async () => {
    const port = await closedPort();
    const run = await doctor(['--provider', 'openai', '--base-url', `http://127.0.0.1:${port}/v1`, '--model', 'test-model']);
    expect(run.exitCode).toBe(0);
    expect(run.stdout).toContain(`✗ Provider: http://127.0.0.1:${port}/v1 (set by the --base-url flag) cannot be reached (ECONNREFUSED)\n    → check the URL`);
  });

  it('waits for MCP servers still starting, then gives each one\'s state', async () => {
    const port = await closedPort();
    writeFileSync(join(s.home, 'agent.config.json'), JSON.stringify({ mcpServers: {
      broken: { command: join(s.home, 'no-such-server') },
      everything: { command: everythingBin },
    } }));
    const run = await doctor(['--provider', 'openai', '--base-url', `http://127.0.0.1:${port}/v1`, '--model', 'test-model']);
    expect(run.stdout).toMatch(/✗ MCP broken: failed \(.*ENOENT\)\n    → check its command or URL; its log is \S+broken\.log\n/);
    expect(run.stdout).toMatch(/✓ MCP everything: connected, \d+ tools/);
  });

  it('names the programs PATH hides, each with what to do, and finds the ones it holds', async () => {
    const port = await closedPort();
    const args = ['--provider', 'openai', '--base-url', `http://127.0.0.1:${port}/v1`, '--model', 'test-model'];
    const narrowed = await doctor(args, { PATH: pathWith(['git']) });
    expect(narrowed.exitCode).toBe(0);
    expect(narrowed.stdout).toContain(`✓ git: ${join(s.home, 'bin', 'git')}`);
    expect(narrowed.stdout).toContain('! tmux: not on PATH (optional)\n    → install tmux');
    expect(narrowed.stdout).toContain('! bubblewrap: not on PATH; --sandbox cannot run\n    → install bubblewrap');
    expect(narrowed.stdout).toMatch(/✓ ripgrep: \S+rg/);
    const none = await doctor(args, { PATH: join(s.home, 'empty') });
    expect(none.stdout).toContain('✗ git: not on PATH; the model cannot use git\n    → install git');
  });
});

describe('the checks', () => {
  const facts = (reinHome: string): SessionDiagnostics => ({
    reinHome, configFiles: [], settingsFiles: [], startupProblems: [], provider: 'openai', baseUrl: 'http://127.0.0.1:1/v1',
    key: { from: 'OPENAI_API_KEY' }, hooks: [], projectTrusted: false,
  });

  it('reads the config again, so a file broken since start shows its error', () => {
    const dir = mkdtempSync(join(tmpdir(), 'rein-doctor-cfg-'));
    try {
      expect(configChecks(facts(dir), dir, {})[0].mark).toBe('·');
      writeFileSync(join(dir, 'agent.config.json'), '{ "maxTurns": "many" ');
      const [broken] = configChecks(facts(dir), dir, {});
      expect(broken.mark).toBe('✗');
      expect(broken.text).toContain(join(dir, 'agent.config.json'));
      expect(broken.fix).toBe('fix the file; rein reads it when it starts');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('marks each MCP state, a failed server with its error and what to do', () => {
    const lines = mcpChecks([
      { name: 'docs', status: 'connected', transport: 'stdio', scope: 'user', toolCount: 3 },
      { name: 'db', status: 'failed', transport: 'stdio', scope: 'user', toolCount: 0, lastError: 'spawn dbserver ENOENT', logFile: '/tmp/db.log' },
      { name: 'repo', status: 'needs-trust', transport: 'stdio', scope: 'project', toolCount: 0 },
    ], true);
    expect(lines.map((l) => `${l.mark} ${l.text}`)).toEqual([
      '✓ MCP docs: connected, 3 tools', '✗ MCP db: failed (spawn dbserver ENOENT)', '! MCP repo: waits for you to trust the project',
    ]);
    expect(lines[1].fix).toBe('check its command or URL; its log is /tmp/db.log; /mcp reconnects');
  });

  it('guesses colours and synchronized output from the terminal\'s variables', () => {
    expect(terminalCheck({ TERM: 'xterm-kitty', COLORTERM: 'truecolor' }, true).text).toBe('Terminal: TERM=xterm-kitty; 16 million colours; synchronized output likely');
    expect(terminalCheck({ TERM: 'xterm-256color', TERM_PROGRAM: 'Apple_Terminal' }, true).text).toContain('256 colours; synchronized output no');
    const dumb = terminalCheck({ TERM: 'dumb' }, false);
    expect(dumb.mark).toBe('!');
    expect(dumb.text).toContain('(output is not a terminal now)');
  });
});
