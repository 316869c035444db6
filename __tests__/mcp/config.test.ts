import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../source/config/index.js';
import { describeProblem, loadMcpServers } from '../../source/mcp/config.js';
import { projectTrustItems } from '../../source/cli/projectTrust.js';
import { fingerprintOf } from '../../source/trust/request.js';
import { makeTempConfigDirs, type TempConfigDirs } from '../config/tempConfig.js';

let dirs: TempConfigDirs;
beforeEach(() => {
  dirs = makeTempConfigDirs();
});
afterEach(() => dirs.cleanup());

const writeMcpJson = (content: unknown) => {
  const file = path.join(dirs.project, '.mcp.json');
  fs.writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content, null, 2));
  return file;
};

const load = (env: Record<string, string | undefined> = dirs.env, flagConfigs?: string[], flagOnly?: boolean) => {
  const { mcpServers } = loadConfig({ cwd: dirs.project, env });
  return loadMcpServers({ projectDir: dirs.project, layers: mcpServers, env, flagConfigs, flagOnly });
};

describe('MCP server config', () => {
  it("reads Claude Code's .mcp.json unchanged, stdio and remote, with ${VAR} and ${VAR:-default}", () => {
    writeMcpJson({
      mcpServers: {
        github: { command: '${TOOLS:-/opt}/gh-mcp', args: ['--token', '${GH_TOKEN}'], env: { LEVEL: '${LEVEL:-info}' } },
        remote: { type: 'http', url: 'https://mcp.example.test/${PATH_PART}', headers: { Authorization: 'Bearer ${GH_TOKEN}' } },
        legacy: { type: 'sse', url: 'http://127.0.0.1:9/sse' },
      },
    });
    const { servers, problems } = load({ ...dirs.env, GH_TOKEN: 'tok', PATH_PART: 'v1' });
    expect(problems).toEqual([]);
    expect(servers.map((s) => [s.name, s.scope, s.spec])).toEqual([
      ['github', 'project', { transport: 'stdio', command: '/opt/gh-mcp', args: ['--token', 'tok'], env: { LEVEL: 'info' } }],
      ['remote', 'project', { transport: 'http', url: 'https://mcp.example.test/v1', headers: { Authorization: 'Bearer tok' } }],
      ['legacy', 'project', { transport: 'sse', url: 'http://127.0.0.1:9/sse', headers: {} }],
    ]);
  });

  it('reports a bad entry with file, JSON path and problem, and keeps the other servers', () => {
    const file = writeMcpJson({
      mcpServers: {
        good: { command: 'node', args: ['server.js'] },
        unset: { command: 'node', args: ['x', '${MISSING_VAR}'] },
        badArgs: { command: 'node', args: 'server.js' },
        badType: { type: 'websocket', url: 'ws://x' },
        badUrl: { type: 'http', url: 'ftp://x' },
      },
    });
    const { servers, problems } = load();
    expect(servers.map((s) => s.name)).toEqual(['good']);
    expect(problems.map((p) => [p.file, p.path])).toEqual([
      [file, 'mcpServers.unset.args[1]'],
      [file, 'mcpServers.badArgs.args'],
      [file, 'mcpServers.badType.type'],
      [file, 'mcpServers.badUrl.url'],
    ]);
    expect(problems.map(describeProblem)).toEqual([
      `${file}: mcpServers.unset.args[1] cannot be expanded: environment variable MISSING_VAR is not set (set it, or give a default with \${MISSING_VAR:-value}); server unset is left out.`,
      `${file}: mcpServers.badArgs.args must be a list (got "server.js"); server badArgs is left out.`,
      `${file}: mcpServers.badType.type must be one of stdio, http, sse (got "websocket"); server badType is left out.`,
      `${file}: mcpServers.badUrl.url must be an http:// or https:// address (got "ftp://x"); server badUrl is left out.`,
    ]);
  });

  it('takes mcpServers from every agent.config.json layer and --mcp-config, a later one replacing a same-named one', () => {
    dirs.write(dirs.home, { mcpServers: { mine: { command: 'user-cmd' }, shared: { command: 'from-user' } } });
    dirs.write(dirs.project, { mcpServers: { shared: { command: 'from-project-config' }, broken: { command: '${NOPE}' } } });
    writeMcpJson({ mcpServers: { shared: { command: 'from-mcp-json' }, team: { command: 'team-cmd' } } });
    const flagFile = path.join(dirs.root, 'extra.json');
    fs.writeFileSync(flagFile, JSON.stringify({ mcpServers: { once: { command: 'flag-cmd' } } }));
    const { servers, problems } = load(dirs.env, [flagFile]);
    const byName = Object.fromEntries(servers.map((s) => [s.name, s]));
    expect(Object.keys(byName).sort()).toEqual(['mine', 'once', 'shared', 'team']);
    expect(byName.shared.spec).toMatchObject({ command: 'from-project-config' });
    expect([byName.mine.scope, byName.once.scope, byName.shared.scope, byName.team.scope]).toEqual(['user', 'user', 'project', 'project']);
    expect(problems.map((p) => p.path)).toEqual(['mcpServers.broken.command']);
  });

  it('--mcp-config takes several files and JSON strings, as Claude Code does; --strict-mcp-config keeps only those', () => {
    dirs.write(dirs.home, { mcpServers: { mine: { command: 'user-cmd' } } });
    writeMcpJson({ mcpServers: { team: { command: 'team-cmd' } } });
    const flagFile = path.join(dirs.root, 'extra.json');
    fs.writeFileSync(flagFile, JSON.stringify({ mcpServers: { once: { command: 'flag-cmd' } } }));
    const inline = JSON.stringify({ mcpServers: { inline: { command: 'inline-cmd' } } });
    const names = (loaded: ReturnType<typeof load>) => loaded.servers.map((s) => s.name).sort();
    expect(names(load(dirs.env, [flagFile, inline]))).toEqual(['inline', 'mine', 'once', 'team']);
    expect(names(load(dirs.env, [flagFile, inline], true))).toEqual(['inline', 'once']);
    const broken = load(dirs.env, ['{"mcpServers": '], true);
    expect(broken.problems).toEqual([expect.objectContaining({ file: '--mcp-config', problem: expect.stringMatching(/^not valid JSON/) })]);
  });

  it('still loads the rest of agent.config.json when an MCP entry names an unset variable', () => {
    dirs.write(dirs.project, { model: 'm1', mcpServers: { x: { command: '${NOPE}' } } });
    expect(loadConfig({ cwd: dirs.project, env: dirs.env }).config.model).toBe('m1');
  });

  it('reports a .mcp.json that is not JSON and a missing --mcp-config file', () => {
    const file = writeMcpJson('{ "mcpServers": { ');
    const { problems } = load(dirs.env, [path.join(dirs.root, 'nope.json')]);
    expect(problems.map((p) => p.file)).toEqual([file, path.join(dirs.root, 'nope.json')]);
    expect(problems[0].problem).toMatch(/^not valid JSON/);
    expect(problems[1].problem).toBe('the file does not exist');
  });

  it('reads the mcp timeouts with their defaults', () => {
    expect(loadConfig({ cwd: dirs.project, env: dirs.env }).config.mcp).toEqual({ startupTimeoutMs: 10_000, toolTimeoutMs: 120_000 });
    dirs.write(dirs.project, { mcp: { startupTimeoutMs: 500 } });
    expect(loadConfig({ cwd: dirs.project, env: dirs.env }).config.mcp).toEqual({ startupTimeoutMs: 500, toolTimeoutMs: 120_000 });
  });
});

describe("a project's servers in the trust question", () => {
  const items = (env: Record<string, string | undefined> = dirs.env) => {
    const loaded = loadConfig({ cwd: dirs.project, env, reinHome: dirs.home });
    return projectTrustItems({
      projectDir: dirs.project, reinHome: dirs.home, env, loaded, settings: [], heldBackRules: [], untrustedImports: [],
      trustProject: false, trustMcp: false, interactive: true,
    }).filter((i) => i.kind === 'mcp');
  };

  it('shows each as written (a ${TOKEN} never expanded) and fingerprints them whatever the key order', () => {
    writeMcpJson({ mcpServers: { a: { command: 'x', args: ['--token', '${GH_TOKEN}'] }, b: { type: 'http', url: 'https://mcp.test/${KEY}' } } });
    const first = items({ ...dirs.env, GH_TOKEN: 'sk-secret-value', KEY: 'sk-secret-value' });
    expect(first.map((i) => [i.name, i.definition])).toEqual([['a', 'x --token ${GH_TOKEN}'], ['b', 'http https://mcp.test/${KEY}']]);
    expect(JSON.stringify(first)).not.toContain('sk-secret-value');
    writeMcpJson({ mcpServers: { b: { url: 'https://mcp.test/${KEY}', type: 'http' }, a: { args: ['--token', '${GH_TOKEN}'], command: 'x' } } });
    expect(fingerprintOf(items({ ...dirs.env, GH_TOKEN: 't', KEY: 'k' }))).toBe(fingerprintOf(first));
    writeMcpJson({ mcpServers: { a: { command: 'x', args: ['--token', '${OTHER}'] }, b: { type: 'http', url: 'https://mcp.test/${KEY}' } } });
    expect(fingerprintOf(items({ ...dirs.env, OTHER: 't', KEY: 'k' }))).not.toBe(fingerprintOf(first));
  });
});
