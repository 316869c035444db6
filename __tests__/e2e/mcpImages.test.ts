// End-to-end: server-everything's get-tiny-image through the built CLI. Anthropic receives the picture as an image
// block inside the tool result; OpenAI-compatible servers get a one-line placeholder; the session log keeps the
// image as a file beside it, and a resumed session sends the same bytes again.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { execa } from 'execa';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startMockLlmServer, type MockLlmServer, type MockTurn } from '../support/mockLlmServer.js';
import { everythingBin } from '../support/mcpServers.js';

const cli = resolve('dist/cli.js');
let repo: string;
let home: string;
let config: string;
const servers: MockLlmServer[] = [];

beforeEach(() => {
  repo = mkdtempSync(join(tmpdir(), 'rein-mcpimg-repo-'));
  home = mkdtempSync(join(tmpdir(), 'rein-mcpimg-home-'));
  config = join(home, 'servers.json');
  writeFileSync(config, JSON.stringify({ mcpServers: { everything: { command: everythingBin, args: [] } } }));
});

afterEach(async () => {
  for (const server of servers.splice(0)) await server.close();
  rmSync(repo, { recursive: true, force: true });
  rmSync(home, { recursive: true, force: true });
});

async function mock(turns: MockTurn[]): Promise<MockLlmServer> {
  const server = await startMockLlmServer({ turns });
  servers.push(server);
  return server;
}

function rein(provider: 'anthropic' | 'openai', server: MockLlmServer, prompt: string, extra: string[] = []) {
  const baseUrl = provider === 'anthropic' ? server.anthropicBaseUrl : server.openaiBaseUrl;
  return execa('node', [cli, '-p', prompt, '--provider', provider, '--base-url', baseUrl, '--model', 'test-model', '--mcp-config', config, '--output-format', 'json', ...extra], {
    cwd: repo,
    reject: false,
    // The server is waited for before the first request (Claude Code's switch): these tests are about images.
    env: { REIN_HOME: home, ANTHROPIC_API_KEY: 'sk-ant-test', OPENAI_API_KEY: 'sk-test', DEEPSEEK_API_KEY: '', MCP_CONNECTION_NONBLOCKING: 'false' },
    extendEnv: true,
    timeout: 60_000,
  });
}

type Block = { type: string; content?: unknown; source?: { type: string; media_type: string; data: string }; text?: string };
const lastUserBlocks = (body: { messages: { role: string; content: Block[] | string }[] }): Block[] => {
  const last = body.messages.at(-1);
  return Array.isArray(last?.content) ? last.content : [];
};

const imageTurns: MockTurn[] = [{ toolCalls: [{ name: 'mcp__everything__get-tiny-image', input: {} }] }, { text: 'A small logo.' }];

describe('MCP tool images', () => {
  it('Anthropic gets an image block with the bytes; the log keeps a file, and a resumed session sends it again', async () => {
    const server = await mock(imageTurns);
    const run = await rein('anthropic', server, 'show me the image');
    expect(run.exitCode).toBe(0);
    const sessionId = (JSON.parse(run.stdout) as { session_id: string }).session_id;

    const result = lastUserBlocks(server.requests[1].body as never).find((b) => b.type === 'tool_result');
    const parts = result?.content as Block[];
    const images = parts.filter((p) => p.type === 'image');
    expect(images).toHaveLength(1);
    expect(images[0].source).toMatchObject({ type: 'base64', media_type: 'image/png' });
    const bytes = Buffer.from(images[0].source?.data ?? '', 'base64');
    expect(bytes.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect(parts.filter((p) => p.type === 'text').map((p) => p.text).join('\n')).toContain("Here's the image you requested");

    // The log holds a reference, not the base64; the file beside it holds the same bytes.
    const sessionDir = join(home, 'sessions', sessionId);
    const stored = readdirSync(join(sessionDir, 'images'));
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatch(/^[0-9a-f]{32}\.png$/);
    expect(readFileSync(join(sessionDir, 'images', stored[0]))).toEqual(bytes);
    const log = readFileSync(join(sessionDir, 'log.jsonl'), 'utf8');
    expect(log).toContain(`"file":"images/${stored[0]}"`);
    expect(log).not.toContain(images[0].source?.data.slice(0, 200));

    const next = await mock([{ text: 'Still a logo.' }]);
    const resumed = await rein('anthropic', next, 'and now?', ['--resume', sessionId]);
    expect(resumed.exitCode).toBe(0);
    const again = (next.requests[0].body as { messages: { content: Block[] | string }[] }).messages
      .flatMap((m) => (Array.isArray(m.content) ? m.content : []))
      .find((b) => b.type === 'tool_result');
    expect((again?.content as Block[]).find((p) => p.type === 'image')?.source?.data).toBe(images[0].source?.data);
  });

  it('an OpenAI-compatible server gets the text and a one-line placeholder in the tool message', async () => {
    const server = await mock(imageTurns);
    const run = await rein('openai', server, 'show me the image');
    expect(run.exitCode).toBe(0);
    const messages = (server.requests[1].body as { messages: { role: string; content: unknown }[] }).messages;
    const tool = messages.find((m) => m.role === 'tool');
    expect(typeof tool?.content).toBe('string');
    expect(tool?.content).toMatch(/\n\[image image\/png, [\d.]+ KB: not shown, this API takes text only in tool results\]$/);
    expect(JSON.stringify(messages)).not.toContain('iVBORw0KGgo');
  });
});
