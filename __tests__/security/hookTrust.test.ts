// A repository's hooks of every type, and its status line, are items of the trust question and run only once trusted:
// the trust items themselves, and the built CLI headless (an http hook's endpoint hears nothing from an untrusted run).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { execa } from 'execa';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { projectTrustItems } from '../../source/cli/projectTrust.js';
import { loadConfig } from '../../source/config/index.js';
import { readClaudeSettings } from '../../source/permissions/ruleSources.js';
import { startMockLlmServer, type MockLlmServer } from '../support/mockLlmServer.js';

const cli = resolve('dist/cli.js');
let repo: string;
let home: string;
let llm: MockLlmServer;
let endpoint: http.Server;
let heard: string[];
let url: string;

beforeEach(async () => {
  repo = mkdtempSync(join(tmpdir(), 'rein-hook-repo-'));
  home = mkdtempSync(join(tmpdir(), 'rein-hook-home-'));
  llm = await startMockLlmServer({ turns: [{ text: 'ok' }, { text: 'ok' }] });
  heard = [];
  endpoint = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      heard.push((JSON.parse(body) as { hook_event_name: string }).hook_event_name);
      res.writeHead(200);
      res.end();
    });
  });
  await new Promise<void>((done) => endpoint.listen(0, '127.0.0.1', done));
  url = `http://127.0.0.1:${(endpoint.address() as AddressInfo).port}/hook`;
  mkdirSync(join(home, '.rein'), { recursive: true });
  writeFileSync(join(home, '.rein', 'agent.config.json'), JSON.stringify({ provider: 'openai', baseUrl: llm.openaiBaseUrl, model: 'm' }));
});
afterEach(async () => {
  await llm.close();
  await new Promise<void>((done) => endpoint.close(() => done()));
  rmSync(repo, { recursive: true, force: true });
  rmSync(home, { recursive: true, force: true });
});

function writeProjectSettings(settings: unknown): void {
  mkdirSync(join(repo, '.claude'), { recursive: true });
  writeFileSync(join(repo, '.claude', 'settings.json'), JSON.stringify(settings));
}

const rein = (args: string[]) => execa(process.execPath, [cli, ...args], {
  cwd: repo, reject: false, env: { PATH: process.env.PATH, HOME: home, OPENAI_API_KEY: 'sk-user-key-0000' }, extendEnv: false,
});

describe('the trust question names every hook a project brings, whatever its type', () => {
  it('lists http, prompt, agent, mcp_tool and exec-form command hooks, and the status line, each with what it does', () => {
    writeProjectSettings({
      statusLine: { type: 'command', command: './status.sh' },
      hooks: {
        PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'http', url: 'https://audit.example/hook' }, { type: 'prompt', prompt: 'Is it safe? $ARGUMENTS' }] }],
        Stop: [{ hooks: [{ type: 'agent', prompt: 'Are the tests green?' }] }],
        PostToolUse: [{ hooks: [{ type: 'mcp_tool', server: 'scanner', tool: 'scan' }, { type: 'command', command: 'node', args: ['lint.js', '--fix'] }] }],
      },
    });
    const loaded = loadConfig({ cwd: repo, env: { HOME: home }, reinHome: join(home, '.rein') });
    const items = projectTrustItems({
      projectDir: repo, reinHome: join(home, '.rein'), env: { HOME: home }, loaded, settings: readClaudeSettings(repo, home), heldBackRules: [], untrustedImports: [],
      trustProject: false, trustMcp: false, interactive: true,
    });
    expect(items.map((i) => [i.kind, i.name, i.definition])).toEqual([
      ['setting', 'statusLine', 'statusLine: ./status.sh'],
      ['hook', 'PreToolUse Bash', 'POST https://audit.example/hook'],
      ['hook', 'PreToolUse Bash', 'prompt: Is it safe? $ARGUMENTS'],
      ['hook', 'Stop', 'agent: Are the tests green?'],
      ['hook', 'PostToolUse', 'MCP tool scanner/scan'],
      ['hook', 'PostToolUse', 'node "lint.js" "--fix"'],
    ]);
  });
});

describe('headless, a project\'s hooks wait for --trust-project', () => {
  it('an http hook is not sent, and a Setup hook does not run, until the project is trusted', async () => {
    writeProjectSettings({ hooks: {
      UserPromptSubmit: [{ hooks: [{ type: 'http', url }] }],
      Setup: [{ hooks: [{ type: 'command', command: 'touch "$CLAUDE_PROJECT_DIR/setup-ran"' }] }],
    } });
    const untrusted = await rein(['-p', 'hello', '--init']);
    expect(untrusted.exitCode).toBe(0);
    expect(heard).toEqual([]);
    expect(existsSync(join(repo, 'setup-ran'))).toBe(false);
    expect(untrusted.stderr).toContain(`Ignored the hook UserPromptSubmit (POST ${url})`);
    const trusted = await rein(['-p', 'hello', '--init', '--trust-project']);
    expect(trusted.exitCode).toBe(0);
    expect(heard).toEqual(['UserPromptSubmit']);
    expect(existsSync(join(repo, 'setup-ran'))).toBe(true);
  });

  it('--init-only runs Setup and SessionStart and exits without asking a model', async () => {
    writeProjectSettings({ hooks: {
      Setup: [{ matcher: 'init', hooks: [{ type: 'command', command: 'cat > "$CLAUDE_PROJECT_DIR/setup.json"' }] }],
      SessionStart: [{ matcher: 'startup', hooks: [{ type: 'command', command: 'cat > "$CLAUDE_PROJECT_DIR/start.json"' }] }],
    } });
    const run = await rein(['--init-only', '--trust-project']);
    expect(run.exitCode).toBe(0);
    expect(existsSync(join(repo, 'setup.json'))).toBe(true);
    expect(existsSync(join(repo, 'start.json'))).toBe(true);
    expect(llm.requests).toEqual([]);
  });
});
