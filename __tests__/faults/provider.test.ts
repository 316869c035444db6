// Fault suite, provider faults: each fault through both real SDK clients against the local mock server.
import { readFileSync } from 'node:fs';
import net from 'node:net';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startMockLlmServer, type MockLlmServer, type MockTurn } from '../support/mockLlmServer.js';
import { builtinTools } from '../../source/tools/builtins.js';
import { makeBulkTool } from '../support/bulkTool.js';
import { expectConsistent, expectOneMessage, expectRecovered, removeTempDirs, runCase, sdks } from './support.js';

let server: MockLlmServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
  removeTempDirs();
});

async function serve(...turns: MockTurn[]): Promise<MockLlmServer> {
  server = await startMockLlmServer({ apiKey: 'sk-test', turns });
  return server;
}

/** A fault on the first request, then a plain answer: rein retries and the run ends as if nothing happened. */
const recovering: Array<{ name: string; fault: MockTurn; wait?: number }> = [
  { name: '429 with retry-after in seconds', fault: { fault: { kind: 'status', status: 429, retryAfter: 3 } }, wait: 3000 },
  // A date already past means "now": 0, not the 500 ms backoff a misread header would give.
  { name: '429 with retry-after as an HTTP date', fault: { fault: { kind: 'status', status: 429, retryAfter: 'Wed, 21 Oct 2015 07:28:00 GMT' } }, wait: 0 },
  { name: '500 server error', fault: { fault: { kind: 'status', status: 500 } }, wait: 500 },
  { name: '502 with an HTML body', fault: { fault: { kind: 'status', status: 502, html: true } }, wait: 500 },
  { name: '503 unavailable', fault: { fault: { kind: 'status', status: 503 } }, wait: 500 },
  { name: '529 overloaded', fault: { fault: { kind: 'status', status: 529 } }, wait: 500 },
  { name: 'stream cut before any text', fault: { text: 'lost answer', fault: { kind: 'cut_at_start' } } },
  { name: 'stream cut mid text', fault: { text: 'a long answer that breaks off half way through', fault: { kind: 'cut_mid_text' } } },
  { name: 'stream cut mid tool arguments', fault: { text: 'reading', toolCalls: [{ name: 'glob', input: { pattern: '**/*.nothing-here' } }], fault: { kind: 'cut_mid_tool_call' } } },
  { name: 'empty stream', fault: { text: 'never sent', fault: { kind: 'empty_stream' } } },
  { name: 'stream without its end event', fault: { text: 'almost complete', fault: { kind: 'no_end_event' } } },
  { name: 'a garbage line in the stream', fault: { text: 'some text around the garbage', fault: { kind: 'garbage_line' } } },
  { name: 'a stream that goes silent', fault: { text: 'starts then stops', fault: { kind: 'hang' } } },
  { name: 'headers that never come', fault: { fault: { kind: 'no_headers' } } },
];

/** Faults asking again cannot fix: one plain sentence, exit code 1, no retry. */
const fatal: Array<{ name: string; status: number; message?: string; says: RegExp }> = [
  { name: '401 unauthorized', status: 401, says: /API key was rejected.*\(401\).*TEST_API_KEY/ },
  { name: '403 forbidden', status: 403, says: /API key was rejected.*\(403\)/ },
  { name: '404 unknown model', status: 404, says: /no model "mock-model" \(404\)/ },
  { name: '400 bad request', status: 400, message: 'messages: field required', says: /rejected the request \(400\): messages: field required/ },
];

for (const sdk of sdks) {
  describe(`provider faults through the ${sdk} SDK`, () => {
    for (const c of recovering) {
      it(`${c.name}: retried, the run finishes`, async () => {
        const s = await serve(c.fault, { text: 'recovered' });
        const outcome = await runCase(sdk, s, 'hello', { provider: { requestTimeoutMs: 300, streamIdleTimeoutMs: 300 } });
        expectRecovered(outcome, 'recovered');
        expectConsistent(outcome, s);
        expect(s.requests).toHaveLength(2);
        // The retry repeats the same request: nothing of the failed attempt leaks into it.
        expect(s.requests[1]!.body.messages).toEqual(s.requests[0]!.body.messages);
        if (c.wait !== undefined) expect(outcome.waits).toEqual([c.wait]);
      });
    }

    it('stream cut after the last tool call: the call runs once, the run finishes', async () => {
      const s = await serve(
        { toolCalls: [{ name: 'write_file', input: { path: 'out.txt', content: 'written once' } }], fault: { kind: 'cut_after_finish' } },
        { text: 'done' },
      );
      const outcome = await runCase(sdk, s, 'write it');
      expectRecovered(outcome, 'done');
      expectConsistent(outcome, s);
      const results = outcome.session.conversation.history().flatMap((m) => m.content.filter((b) => b.type === 'tool_result'));
      // The message was complete when the socket dropped: kept as it was, not asked for again.
      expect(results).toHaveLength(1);
      expect(s.requests).toHaveLength(2);
      expect(readFileSync(join(outcome.workspace, 'out.txt'), 'utf8')).toBe('written once');
    });

    for (const c of fatal) {
      it(`${c.name}: one sentence, exit code 1, not retried`, async () => {
        const s = await serve({ fault: { kind: 'status', status: c.status, message: c.message } });
        const outcome = await runCase(sdk, s, 'hello');
        expectOneMessage(outcome, c.says);
        expectConsistent(outcome, s);
        expect(s.requests).toHaveLength(1);
      });
    }

    it('502 HTML pages until the retries run out: one sentence without the page', async () => {
      server = await startMockLlmServer({ apiKey: 'sk-test', respond: () => ({ fault: { kind: 'status', status: 502, html: true } }) });
      const outcome = await runCase(sdk, server, 'hello', { provider: { maxAttempts: 2 } });
      expectOneMessage(outcome, /had a server error \(502\); try again shortly\.$/);
      expectConsistent(outcome, server);
      // Two attempts per model call, three calls in a row before the run gives up.
      expect(server.requests).toHaveLength(6);
    });

    it('connection refused: one sentence naming the address, exit code 1', async () => {
      const port = await new Promise<number>((resolve) => {
        const probe = net.createServer().listen(0, '127.0.0.1', () => {
          const { port: free } = probe.address() as net.AddressInfo;
          probe.close(() => resolve(free));
        });
      });
      const url = `http://127.0.0.1:${port}`;
      const outcome = await runCase(sdk, { anthropicBaseUrl: url, openaiBaseUrl: `${url}/v1` }, 'hello', { provider: { maxAttempts: 2 } });
      expectOneMessage(outcome, new RegExp(`127\\.0\\.0\\.1:${port}.*connection refused`));
      // Only the prompt is in the history: the failed calls left nothing behind.
      expect(outcome.session.conversation.history()).toHaveLength(1);
    });

    it('a response of 10 MB: kept whole, the log replays it', async () => {
      const big = 'x'.repeat(10 * 1024 * 1024);
      const s = await serve({ text: big, chunkSize: 256 * 1024 });
      const outcome = await runCase(sdk, s, 'hello');
      expect(outcome.code).toBe(0);
      expect(outcome.stdout.length).toBe(big.length + 1);
      expectConsistent(outcome, s);
    });
  });
}

/** The context-length wordings of the servers rein talks to: each recognised, the history shrunk, the run finished. */
const contextWordings: Array<{ name: string; sdk: 'anthropic' | 'openai'; wording?: (sent: number, window: number) => string }> = [
  { name: 'Anthropic "prompt is too long"', sdk: 'anthropic' },
  { name: 'OpenAI context_length_exceeded', sdk: 'openai' },
  { name: 'vLLM "maximum context length"', sdk: 'openai', wording: (sent, window) => `This model's maximum context length is ${window} tokens. However, you requested ${sent + 1000} tokens (${sent} in the messages, 1000 in the completion). Please reduce the length of the messages or completion.` },
  { name: 'llama.cpp "exceeds the available context size"', sdk: 'openai', wording: (sent, window) => `the request exceeds the available context size (${window} tokens), try increasing it` },
  { name: 'Ollama "context length" without numbers', sdk: 'openai', wording: () => 'input length exceeds the context length' },
];

describe('context length in each wording', () => {
  for (const c of contextWordings) {
    it(`${c.name}: read as a full context, the history shrunk, the run finished`, async () => {
      server = await startMockLlmServer({ apiKey: 'sk-test', contextWindowTokens: 11_000, contextWording: c.wording });
      server.push({ toolCalls: [{ name: 'bulk', input: { n: 1 } }] }, { toolCalls: [{ name: 'bulk', input: { n: 2 } }] }, { text: 'all done' });
      const outcome = await runCase(c.sdk, server, 'read two chunks', { session: { tools: [...builtinTools, makeBulkTool(1500)], contextWindow: 128_000 } });
      expect(outcome.code).toBe(0);
      expect(outcome.stdout).toBe('all done\n');
      // What the user reads: that the window was smaller than assumed, never a 400 echoed back.
      for (const line of outcome.stderr.split('\n').filter(Boolean)) expect(line).toMatch(/^rein: The (model's context window|request was longer).*\.$/);
      expect(server.requests.some((r) => r.bytes / 4 > 11_000)).toBe(true);
      expectConsistent(outcome, server);
    });
  }
});
