// End-to-end: the built CLI's `rein mcp` adds, lists, shows and removes servers in both scopes, keeps comments in
// the files it edits, and answers bad usage with one sentence and exit code 2.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { execa } from 'execa';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseJson } from '../../source/config/jsonSyntax.js';
import { loadMcpServers } from '../../source/mcp/config.js';

const cli = resolve('dist/cli.js');
let repo: string;
let home: string;

beforeEach(() => {
  repo = mkdtempSync(join(tmpdir(), 'rein-mcpcli-repo-'));
  home = mkdtempSync(join(tmpdir(), 'rein-mcpcli-home-'));
});

afterEach(() => {
  rmSync(repo, { recursive: true, force: true });
  rmSync(home, { recursive: true, force: true });
});

const mcp = (...args: string[]) =>
  execa('node', [cli, 'mcp', ...args], { cwd: repo, reject: false, env: { REIN_HOME: home }, extendEnv: true, timeout: 30_000 });

const readJson = (file: string): Record<string, unknown> => {
  const parsed = parseJson(readFileSync(file, 'utf8'));
  if (!parsed.ok) throw new Error(`${file} is not JSON`);
  return parsed.value as Record<string, unknown>;
};

describe('rein mcp', () => {
  it('add, list, get and remove round-trip in project and user scope, in the files sessions read', async () => {
    const added = await mcp('add', 'everything', '-e', 'LOG_LEVEL=info', '--', 'node', 'server.js', '--port', '1');
    expect(added.exitCode).toBe(0);
    expect(added.stdout).toContain(`Added stdio MCP server everything to ${join(repo, '.mcp.json')} (project scope).`);
    expect(readJson(join(repo, '.mcp.json'))).toEqual({
      mcpServers: { everything: { command: 'node', args: ['server.js', '--port', '1'], env: { LOG_LEVEL: 'info' } } },
    });

    // Port 9 on this machine: nothing listens, so the health check fails at once without leaving it.
    const remote = await mcp('add', '--scope', 'user', '--transport', 'http', '-H', 'Authorization: Bearer ${TOKEN}', '-H', 'X-Team: a', 'remote', 'http://127.0.0.1:9/mcp');
    expect(remote.exitCode).toBe(0);
    expect(readJson(join(home, 'agent.config.json'))).toEqual({
      mcpServers: { remote: { type: 'http', url: 'http://127.0.0.1:9/mcp', headers: { Authorization: 'Bearer ${TOKEN}', 'X-Team': 'a' } } },
    });

    // A session reads both entries back as the same servers.
    const loaded = loadMcpServers({
      projectDir: repo, env: { TOKEN: 't' },
      layers: [{ file: join(home, 'agent.config.json'), scope: 'user', servers: readJson(join(home, 'agent.config.json')).mcpServers as Record<string, unknown> }],
    });
    expect(loaded.problems).toEqual([]);
    expect(loaded.servers.map((s) => [s.name, s.scope, s.spec])).toEqual([
      ['remote', 'user', { transport: 'http', url: 'http://127.0.0.1:9/mcp', headers: { Authorization: 'Bearer t', 'X-Team': 'a' } }],
      ['everything', 'project', { transport: 'stdio', command: 'node', args: ['server.js', '--port', '1'], env: { LOG_LEVEL: 'info' } }],
    ]);

    const list = await mcp('list');
    expect(list.exitCode).toBe(0);
    const withToken = await execa('node', [cli, 'mcp', 'list'], { cwd: repo, reject: false, env: { REIN_HOME: home, TOKEN: 't' }, extendEnv: true, timeout: 30_000 });
    expect(withToken.stdout).toMatch(/^remote {6}user {5}http {3}http:\/\/127\.0\.0\.1:9\/mcp - ✗ Failed to connect: .+$/m);
    expect(list.stdout.split('\n')).toEqual([
      'Checking MCP server health…',
      '',
      // TOKEN is not set where the check runs: the entry cannot be used, and says so.
      `${join(home, 'agent.config.json')}: mcpServers.remote.headers.Authorization cannot be expanded: environment variable TOKEN is not set (set it, or give a default with \${TOKEN:-value}); server remote is left out.`,
      'remote      user     http   http://127.0.0.1:9/mcp - ✗ Not checked: its entry cannot be used (see above)',
      'everything  project  stdio  node server.js --port 1 - ⏸ Not started: this project is not trusted (open rein here and trust it to start its servers)',
    ]);

    const get = await mcp('get', 'remote');
    expect(get.exitCode).toBe(0);
    expect(get.stdout).toBe([
      'remote:',
      `  Scope: user (${join(home, 'agent.config.json')})`,
      '  Type: http',
      '  URL: http://127.0.0.1:9/mcp',
      '  Headers:',
      '    Authorization: Bearer ${TOKEN}',
      '    X-Team: a',
    ].join('\n'));

    expect((await mcp('remove', 'everything')).exitCode).toBe(0);
    expect(readJson(join(repo, '.mcp.json'))).toEqual({ mcpServers: {} });
    expect((await mcp('remove', 'remote', '--scope', 'user')).exitCode).toBe(0);
    expect((await mcp('list')).stdout).toBe('No MCP servers are configured. Add one with: rein mcp add <name> -- <command> [args...]');
  });

  it('keeps the comments and other settings of the user config it edits', async () => {
    const file = join(home, 'agent.config.json');
    writeFileSync(file, '{\n  // my model\n  "model": "claude-x",\n  "mcpServers": {\n    /* the old one */\n    "old": { "command": "old-server" }\n  }\n}\n');
    expect((await mcp('add', '-s', 'user', 'fresh', '--', 'fresh-server')).exitCode).toBe(0);
    const text = readFileSync(file, 'utf8');
    expect(text).toContain('// my model');
    expect(text).toContain('/* the old one */');
    expect(readJson(file)).toEqual({ model: 'claude-x', mcpServers: { old: { command: 'old-server' }, fresh: { command: 'fresh-server', args: [] } } });
    expect((await mcp('remove', 'old')).exitCode).toBe(0);
    expect(readFileSync(file, 'utf8')).toContain('// my model');
    expect(readJson(file)).toEqual({ model: 'claude-x', mcpServers: { fresh: { command: 'fresh-server', args: [] } } });
  });

  it('asks for --scope when a name is in both scopes, and removes only that one', async () => {
    await mcp('add', 'twin', '--', 'project-server');
    await mcp('add', '-s', 'user', 'twin', '--', 'user-server');
    const ambiguous = await mcp('remove', 'twin');
    expect(ambiguous.exitCode).toBe(2);
    expect(ambiguous.stderr).toBe('rein: MCP server twin exists in both project and user scope; say which with --scope project or --scope user.');
    expect((await mcp('remove', 'twin', '--scope', 'project')).exitCode).toBe(0);
    expect(readJson(join(repo, '.mcp.json'))).toEqual({ mcpServers: {} });
    expect(readJson(join(home, 'agent.config.json'))).toEqual({ mcpServers: { twin: { command: 'user-server', args: [] } } });
  });

  it.each([
    [['frobnicate'], 'rein: Unknown rein mcp command "frobnicate"; use list, get, add or remove.'],
    [['add', 'nocommand'], "rein: rein mcp add needs the server's command: rein mcp add nocommand -- <command> [args...]."],
    [['add', '--transport', 'http', 'web', 'ftp://host'], 'rein: The url must start with http:// or https:// (got "ftp://host").'],
    [['add', '--scope', 'team', 'x', '--', 'cmd'], 'rein: --scope must be project or user (got "team").'],
    [['add', '-e', 'NOVALUE', 'x', '--', 'cmd'], 'rein: -e takes KEY=value (got "NOVALUE").'],
    [['add', 'gh', 'npx', '-y', 'pkg'], "rein: Unknown option '-y'; put the server's command and its arguments after --: rein mcp add <name> -- <command> [args...]."],
    [['get', 'missing'], 'rein: No MCP server named missing; rein mcp list shows the configured ones.'],
    [['remove', 'missing'], 'rein: No MCP server named missing; rein mcp list shows the configured ones.'],
  ])('bad usage %j: one sentence and exit code 2, nothing written', async (args, message) => {
    const run = await mcp(...args);
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toBe(message);
    expect(run.stdout).toBe('');
    expect(() => readFileSync(join(repo, '.mcp.json'))).toThrow();
  });

  it('refuses a duplicate name and leaves a broken file untouched', async () => {
    await mcp('add', 'one', '--', 'cmd');
    const dup = await mcp('add', 'one', '--', 'other');
    expect(dup.exitCode).toBe(2);
    expect(dup.stderr).toContain('already exists');
    const file = join(home, 'agent.config.json');
    writeFileSync(file, '{ "mcpServers": { ');
    const broken = await mcp('add', '-s', 'user', 'two', '--', 'cmd');
    expect(broken.exitCode).toBe(2);
    expect(broken.stderr).toMatch(/^rein: .*agent\.config\.json is not valid JSON \(.*\); fix it first\.$/);
    expect(readFileSync(file, 'utf8')).toBe('{ "mcpServers": { ');
  });
});
