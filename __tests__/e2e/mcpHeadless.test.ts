// End-to-end: the built CLI reads a Claude Code style .mcp.json, starts server-everything once trusted, and the
// echoed text reaches the mock LLM in the next request.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { execa } from 'execa';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startMockLlmServer, type MockLlmServer } from '../support/mockLlmServer.js';
import { faultServerFile, until } from '../support/mcpServers.js';

const cli = resolve('dist/cli.js');
const everything = resolve('node_modules/.bin/mcp-server-everything');

let repo: string;
let home: string;
let server: MockLlmServer;

beforeEach(async () => {
  repo = mkdtempSync(join(tmpdir(), 'rein-mcp-repo-'));
  home = mkdtempSync(join(tmpdir(), 'rein-mcp-home-'));
  // As Claude Code writes it, with a variable and its default.
  writeFileSync(join(repo, '.mcp.json'), JSON.stringify({
    mcpServers: { everything: { command: '${EVERYTHING_BIN:-/nonexistent}', args: [], env: { LOG_LEVEL: 'info' } } },
  }, null, 2));
  // The first request goes out while the server starts: the model waits for it, then calls its tool.
  server = await startMockLlmServer({ turns: [
    { toolCalls: [{ name: 'wait_for_mcp_servers', input: { servers: ['everything'] } }] },
    { toolCalls: [{ name: 'mcp__everything__echo', input: { message: 'hello from the model' } }] },
    { text: 'The server echoed it.' },
  ] });
});

afterEach(async () => {
  await server.close();
  rmSync(repo, { recursive: true, force: true });
  rmSync(home, { recursive: true, force: true });
});

function rein(args: string[]) {
  return execa('node', [cli, '-p', 'echo something', '--provider', 'openai', '--base-url', server.openaiBaseUrl, '--model', 'test-model', ...args], {
    cwd: repo,
    reject: false,
    env: { REIN_HOME: home, OPENAI_API_KEY: 'sk-test', ANTHROPIC_API_KEY: '', DEEPSEEK_API_KEY: '', EVERYTHING_BIN: everything },
    extendEnv: true,
    timeout: 60_000,
  });
}

const toolNamesOf = (body: unknown): string[] =>
  ((body as { tools?: { function: { name: string } }[] }).tools ?? []).map((t) => t.function.name);

describe('rein -p with MCP servers', () => {
  it('--trust-mcp starts the project server; the model waits for it, and the echo reaches it in the next request', async () => {
    const run = await rein(['--trust-mcp']);
    expect(run.stderr).toBe('');
    expect(run.exitCode).toBe(0);
    expect(run.stdout.trim()).toBe('The server echoed it.');
    expect(server.requests).toHaveLength(3);
    expect(toolNamesOf(server.requests[0].body)).toContain('wait_for_mcp_servers');
    expect(toolNamesOf(server.requests[1].body)).toContain('mcp__everything__echo');
    expect(JSON.stringify(server.requests[2].body.messages)).toContain('Echo: hello from the model');
    // Its stderr went to a log under the session folder, not to the terminal.
    const sessions = readdirSync(join(home, 'sessions'));
    expect(readdirSync(join(home, 'sessions', sessions[0], 'mcp'))).toEqual(['everything.log']);
  });

  it('without --trust-mcp the project server does not start and one warning says why', async () => {
    const run = await rein([]);
    const lines = run.stderr.trim().split('\n');
    expect(lines).toEqual([`rein: Ignored the MCP server everything from ${join(repo, '.mcp.json')}: this project is not trusted in a headless run; run with --trust-project to use it, after reading what it does.`]);
    expect(toolNamesOf(server.requests[0].body).some((n) => n.startsWith('mcp__') || n === 'wait_for_mcp_servers')).toBe(false);
    // The model's calls of the missing tools are answered with errors, and the run still ends.
    expect(JSON.stringify(server.requests[2].body.messages)).toContain('Unknown tool `mcp__everything__echo`');
    expect(run.exitCode).toBe(0);
  });

  it('--mcp-config servers need no trust, and SIGTERM to rein takes them down mid-call', async () => {
    const marks = join(home, 'marks');
    const config = join(home, 'servers.json');
    writeFileSync(config, JSON.stringify({ mcpServers: { fault: { command: process.execPath, args: [faultServerFile, 'normal'], env: { FAULT_MARKS: marks } } } }));
    await server.close();
    server = await startMockLlmServer({ turns: [{ toolCalls: [{ name: 'wait_for_mcp_servers', input: {} }] }, { toolCalls: [{ name: 'mcp__fault__sleep', input: {} }] }, { text: 'never' }] });
    const run = rein(['--mcp-config', config]);
    const marksNow = () => (existsSync(marks) ? readFileSync(marks, 'utf8') : '');
    await until(() => marksNow().includes('sleeping'), 30_000, 'the MCP call to start');
    const pid = Number(/^start (\d+)$/m.exec(marksNow())?.[1]);
    expect(() => process.kill(pid, 0)).not.toThrow();
    run.kill('SIGTERM');
    await run;
    await until(() => {
      try {
        process.kill(pid, 0);
        return false;
      } catch {
        return true;
      }
    }, 10_000, 'the MCP server to be gone');
  });
});
