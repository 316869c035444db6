// End-to-end: headless runs through both real SDKs whose model fetches a page from a local server; the page reaches
// the next request as markdown only when a rule names the host.
import { createServer, type Server } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockLlmServer } from '../support/mockLlmServer.js';

let page: Server;
let url = '';
beforeAll(async () => {
  page = createServer((_, res) => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end('<html><head><title>Notes</title></head><body><main><h1>Release notes</h1><p>Version <strong>2.0</strong> ships the new parser. It also fixes the long-standing bug with tabs in code blocks, which many users reported.</p></main></body></html>'));
  await new Promise<void>((r) => page.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(page.address() as { port: number }).port}/notes`;
});
afterAll(() => new Promise<void>((r) => page.close(() => r())));

describe.each(['openai', 'anthropic'] as const)('web_fetch through the %s SDK', (provider) => {
  it('reads the page when a rule names the host, and is refused without one', async () => {
    const home = mkdtempSync(join(tmpdir(), 'rein-web-home-'));
    const llm = await startMockLlmServer({ turns: [{ toolCalls: [{ name: 'web_fetch', input: { url } }] }, { text: 'read it' }, { toolCalls: [{ name: 'web_fetch', input: { url } }] }, { text: 'refused' }] });
    try {
      const run = (extra: string[]) => execa('node', [resolve('dist/cli.js'), '-p', 'read the notes', '--provider', provider, '--base-url', provider === 'openai' ? llm.openaiBaseUrl : llm.anthropicBaseUrl, '--model', 'm', ...extra], {
        cwd: home, reject: false, env: { REIN_HOME: home, HOME: home, OPENAI_API_KEY: 'k', ANTHROPIC_API_KEY: 'k' }, extendEnv: true, timeout: 60_000,
      });
      const allowed = await run(['--allowedTools', 'WebFetch(domain:127.0.0.1)']);
      expect(allowed.exitCode).toBe(0);
      const sent = JSON.stringify(llm.requests[1].body);
      expect(sent).toContain('Version **2.0** ships the new parser.');
      expect(sent).toContain('# Notes');
      await run([]);
      expect(JSON.stringify(llm.requests[3].body)).toContain('a private, loopback or link-local address: web_fetch reaches such addresses only when a rule names the host');
    } finally {
      await llm.close();
      rmSync(home, { recursive: true, force: true });
    }
  });
});
