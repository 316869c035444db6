// web_fetch against a local HTTP server: markdown from HTML, text and JSON as they are, charsets, caps, redirects,
// and the private-address rule (a rule must name the host, in every mode), on the real decision path.
import { createServer, type Server } from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AgentEvent, PermissionMode } from '../../source/protocol/events.js';
import { parseRule, type PermissionRule } from '../../source/permissions/rules.js';
import { fetchPage, FetchRefused } from '../../source/tools/web/fetchPage.js';
import { lastToolResults, makeHarness, runPrompt, type Harness } from '../support/engineHarness.js';

let server: Server;
let base = '';
const page = `<!doctype html><html><head><title>Install guide</title><style>.x{color:red}</style><script>steal()</script></head>
<body><nav><a href="/">Home</a> <a href="/blog">Blog menu</a></nav><main><h1>Installing rein</h1>
<p>Run <code>npm ci</code> first. Read the <a href="/docs/more">longer notes</a> for details about every option that exists.</p>
<ul><li>first step</li><li>second step</li></ul><pre><code>npm ci &amp;&amp; npm start
</code></pre><p>${'This paragraph gives the reader enough text for the article to count as the main content. '.repeat(6)}</p></main>
<footer>Copyright footer text</footer></body></html>`;

beforeAll(async () => {
  server = createServer((req, res) => {
    const url = req.url ?? '/';
    if (url === '/page') res.writeHead(200, { 'content-type': 'text/html' }).end(page);
    else if (url === '/latin1') res.writeHead(200, { 'content-type': 'text/plain; charset=iso-8859-1' }).end(Buffer.from([0x63, 0x61, 0x66, 0xe9]));
    else if (url === '/meta') res.writeHead(200, { 'content-type': 'text/html' }).end(Buffer.concat([Buffer.from('<html><head><meta charset="windows-1252"><title>t</title></head><body><p>na'), Buffer.from([0xef, 0x76, 0x65]), Buffer.from('</p></body></html>')]));
    else if (url === '/json') res.writeHead(200, { 'content-type': 'application/json' }).end('{"a": [1, 2]}');
    else if (url === '/png') res.writeHead(200, { 'content-type': 'image/png' }).end(Buffer.from([0x89, 0x50]));
    else if (url === '/missing') res.writeHead(404).end('nope');
    else if (url === '/to-metadata') res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
    else if (url === '/to-localhost') res.writeHead(301, { location: `http://localhost:${(server.address() as { port: number }).port}/json` }).end();
    else if (url === '/loop') res.writeHead(302, { location: '/loop' }).end();
    else if (url === '/huge') {
      res.writeHead(200, { 'content-type': 'text/plain' });
      const chunk = Buffer.alloc(1024 * 1024, 'a');
      let sent = 0;
      const more = () => { while (sent < 12 && res.write(chunk)) sent++; if (sent >= 12) res.end(); else res.once('drain', () => { sent++; more(); }); };
      more();
    } else if (url === '/slow') setTimeout(() => res.end('late'), 5_000);
    else res.writeHead(404).end();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

let h: Harness | undefined;
afterEach(async () => {
  await h?.cleanup();
  h = undefined;
});

type Asked = Extract<AgentEvent, { type: 'approval_request' }>;
const allowLocal = (ws: string): PermissionRule[] => [parseRule('WebFetch(domain:127.0.0.1)', 'allow', 'test', { workspace: ws }) as PermissionRule];

async function fetchAll(urls: string[], mode: PermissionMode = 'yolo', rules: (ws: string) => PermissionRule[] = allowLocal) {
  h = makeHarness([{ toolCalls: urls.map((url) => ({ name: 'web_fetch', input: { url } })) }, { text: 'ok' }], { mode, permissions: { rules: rules('/') } });
  const asked: Asked[] = [];
  await runPrompt(h.session, 'go', (e) => { asked.push(e); return { kind: 'no' }; });
  return { asked, results: lastToolResults(h.provider.requests[1]) };
}

describe('web_fetch', () => {
  it('turns HTML into clean markdown: title, headings, lists, absolute links and code; no script, style, nav or footer', async () => {
    const [text] = (await fetchAll([`${base}/page`])).results;
    expect(text).toContain('# Install guide');
    expect(text).toContain(`URL: ${base}/page`);
    expect(text).toMatch(/^#+ Installing rein$/m);
    expect(text).toContain('Run `npm ci` first.');
    expect(text).toContain(`[longer notes](${base}/docs/more)`);
    expect(text).toMatch(/^- +first step$/m);
    expect(text).toContain('```\nnpm ci && npm start\n```');
    for (const gone of ['steal()', 'color:red', 'Blog menu', 'Copyright footer']) expect(text).not.toContain(gone);
  });

  it('keeps text and JSON as they are, in the declared charset (header or meta); refuses binary types and error statuses', async () => {
    const results = (await fetchAll([`${base}/latin1`, `${base}/meta`, `${base}/json`, `${base}/png`, `${base}/missing`])).results;
    expect(results[0]).toContain('café');
    expect(results[1]).toContain('naïve');
    expect(results[2]).toContain('{"a": [1, 2]}');
    expect(results[3]).toBe(`${base}/png is image/png, which web_fetch cannot show as text.`);
    expect(results[4]).toBe(`${base}/missing answered 404; check the address, or try another page.`);
  });

  it('a private address needs a rule naming its host, in yolo mode too, on every redirect hop', async () => {
    const none = await fetchAll([`${base}/json`, 'http://169.254.169.254/latest/meta-data/'], 'yolo', () => []);
    expect(none.results[0]).toBe(`127.0.0.1 is at 127.0.0.1, a private, loopback or link-local address: web_fetch reaches such addresses only when a rule names the host (WebFetch(domain:127.0.0.1)).`);
    expect(none.results[1]).toMatch(/^169\.254\.169\.254 is at 169\.254\.169\.254, a private/);
    const hops = await fetchAll([`${base}/to-metadata`, `${base}/to-localhost`]);
    expect(hops.results[0]).toMatch(/^169\.254\.169\.254 is at 169\.254\.169\.254/);
    expect(hops.results[1]).toMatch(/^localhost is at (127\.0\.0\.1|::1), a private/);
    const tool = await fetchAll([`${base}/json`], 'yolo', (ws) => [parseRule('WebFetch', 'allow', 'test', { workspace: ws }) as PermissionRule]);
    expect(tool.results[0]).toMatch(/a private, loopback or link-local address/);
  });

  it('asks in ask mode with a domain rule for "always"; plan mode refuses unless a rule allows', async () => {
    const asked = await fetchAll([`${base}/json`], 'ask', () => []);
    expect(asked.asked.map((a) => a.alwaysRules)).toEqual([['WebFetch(domain:127.0.0.1)']]);
    const plan = await fetchAll([`${base}/json`], 'plan', () => []);
    expect(plan.results[0]).toMatch(/plan mode/);
    const planAllowed = await fetchAll([`${base}/json`], 'plan');
    expect(planAllowed.results[0]).toContain('{"a": [1, 2]}');
  });

  it('stops at redirect loops, cuts a page beyond 10 MB, and gives up on a silent server', async () => {
    const results = (await fetchAll([`${base}/loop`, `${base}/huge`])).results;
    expect(results[0]).toBe(`${base}/loop redirected more than 5 times; fetch the final address directly.`);
    expect(results[1]).toContain('[… the page is larger than 10 MB; only its start was read]');
    await expect(fetchPage(`${base}/slow`, { signal: new AbortController().signal, mayReachPrivate: () => true, limits: { maxBytes: 1000, timeoutMs: 300, maxRedirects: 1 } }))
      .rejects.toThrow(new FetchRefused(`${base}/slow did not answer within 0.3 s.`));
  });
});
