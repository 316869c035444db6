// web_search against fake SearXNG, Brave and Tavily backends on 127.0.0.1: each one's request and answer shape,
// the result list the model reads, a failing backend, and no tool at all without a backend.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { resolve } from 'node:path';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchBackend, type SearchBackend } from '../../source/tools/web/searchBackends.js';
import { webSearchTool } from '../../source/tools/webSearch.js';
import { makeHarness, lastToolResults, runPrompt } from '../support/engineHarness.js';
import { startMockLlmServer } from '../support/mockLlmServer.js';

const seen: { path: string; headers: IncomingMessage['headers']; body: string }[] = [];
let server: Server;
let base = '';
beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      seen.push({ path: req.url ?? '', headers: req.headers, body });
      const url = new URL(req.url ?? '/', 'http://x');
      if (url.pathname === '/search' && req.method === 'GET') {
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ results: [{ title: 'Rein <b>docs</b>', url: 'https://rein.test/docs', content: 'How to install' }, { title: 'Second', url: 'https://rein.test/2', content: '' }] }));
      } else if (url.pathname === '/res/v1/web/search') {
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ web: { results: [{ title: 'Brave hit', url: 'https://b.test/', description: 'from brave' }] } }));
      } else if (url.pathname === '/search' && req.method === 'POST') {
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ results: [{ title: 'Tavily hit', url: 'https://t.test/', content: 'from tavily' }] }));
      } else res.writeHead(500).end('broken');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

async function searchWith(backend: SearchBackend, query: string): Promise<string> {
  const h = makeHarness([{ toolCalls: [{ name: 'web_search', input: { query, max_results: 5 } }] }, { text: 'ok' }], { mode: 'yolo', tools: [webSearchTool(backend)] });
  await runPrompt(h.session, 'go');
  const [result] = lastToolResults(h.provider.requests[1]);
  await h.cleanup();
  return result;
}

describe('web_search backends', () => {
  it('SearXNG: the JSON API, results as title, URL and snippet', async () => {
    const backend = searchBackend({ backend: 'searxng', url: `${base}/` }, {}) as SearchBackend;
    expect(await searchWith(backend, 'install rein')).toBe('1. Rein docs\n   https://rein.test/docs\n   How to install\n2. Second\n   https://rein.test/2');
    expect(seen.at(-1)?.path).toBe('/search?format=json&q=install%20rein');
  });

  it('Brave and Tavily send their keys as their APIs want them', async () => {
    const brave = searchBackend({ backend: 'brave', url: base }, { BRAVE_API_KEY: 'brave-key' }) as SearchBackend;
    expect(await searchWith(brave, 'q1')).toBe('1. Brave hit\n   https://b.test/\n   from brave');
    expect(seen.at(-1)).toMatchObject({ path: '/res/v1/web/search?q=q1&count=5', headers: { 'x-subscription-token': 'brave-key' } });
    const tavily = searchBackend({ backend: 'tavily', url: base, apiKey: 'tvly-key' }, {}) as SearchBackend;
    expect(await searchWith(tavily, 'q2')).toBe('1. Tavily hit\n   https://t.test/\n   from tavily');
    expect(seen.at(-1)?.headers.authorization).toBe('Bearer tvly-key');
    expect(JSON.parse(seen.at(-1)?.body ?? '{}')).toEqual({ query: 'q2', max_results: 5 });
  });

  it('a backend that fails is one sentence to the model; a backend set up wrongly is one sentence at start', async () => {
    const broken = searchBackend({ backend: 'searxng', url: `${base}/broken` }, {}) as SearchBackend;
    expect(await searchWith(broken, 'x')).toBe(`The search failed: SearXNG at ${base}/broken answered 500 Internal Server Error (SearXNG at ${base}/broken); try again later or another query.`);
    expect(searchBackend({ backend: 'searxng' }, {})).toMatch(/needs webSearch\.url/);
    expect(searchBackend({ backend: 'brave' }, {})).toMatch(/needs a key: set BRAVE_API_KEY/);
  });
});

describe('web_search in the CLI', () => {
  it('is offered only when a backend is configured', async () => {
    const home = mkdtempSync(join(tmpdir(), 'rein-search-home-'));
    const repo = mkdtempSync(join(tmpdir(), 'rein-search-repo-'));
    const llm = await startMockLlmServer({ turns: [{ text: 'a' }, { text: 'b' }] });
    try {
      const run = (extra: Record<string, string> = {}) => execa('node', [resolve('dist/cli.js'), '-p', 'hi', '--provider', 'openai', '--base-url', llm.openaiBaseUrl, '--model', 'm'], {
        cwd: repo, reject: false, env: { REIN_HOME: home, HOME: home, OPENAI_API_KEY: 'k', ...extra }, extendEnv: true,
      });
      const names = (i: number) => (llm.requests[i].body.tools as { function: { name: string } }[]).map((t) => t.function.name);
      await run();
      expect(names(0)).toContain('web_fetch');
      expect(names(0)).not.toContain('web_search');
      mkdirSync(home, { recursive: true });
      writeFileSync(join(home, 'agent.config.json'), JSON.stringify({ webSearch: { backend: 'searxng', url: base } }));
      await run();
      expect(names(1)).toContain('web_search');
    } finally {
      await llm.close();
      rmSync(home, { recursive: true, force: true });
      rmSync(repo, { recursive: true, force: true });
    }
  });
});
