// Benchmarks recovery from provider faults through the real SDK clients against the local mock server: the time
// from the fault to the next request that succeeds, and whether that request repeats the failed one's prefix.
import { createProvider } from '../source/providers/index.js';
import type { ProviderRequest } from '../source/providers/types.js';
import { startMockLlmServer, type MockTurn, type RecordedRequest } from '../__tests__/support/mockLlmServer.js';
import { median, ms, row } from './stats.js';

const idleMs = 1_000;

/** Each fault, then what its recovery should take: what retry-after says, a timeout, or a quick retry. */
const faults: Array<{ name: string; turn: () => MockTurn; goal: string; goalMs?: number }> = [
  { name: '429 retry-after: 1 (seconds)', turn: () => ({ fault: { kind: 'status', status: 429, retryAfter: 1 } }), goal: '1000 ms (exactly what it says)', goalMs: 1000 },
  // An HTTP date has a resolution of one second: two seconds ahead, rounded down, is 1-2 s from now.
  { name: '429 retry-after: an HTTP date ~2 s ahead', turn: () => ({ fault: { kind: 'status', status: 429, retryAfter: new Date(Date.now() + 2000).toUTCString() } }), goal: 'the date (1-2 s)' },
  { name: '500', turn: () => ({ fault: { kind: 'status', status: 500 } }), goal: '~500 ms backoff' },
  { name: '502 with an HTML page', turn: () => ({ fault: { kind: 'status', status: 502, html: true } }), goal: '~500 ms backoff' },
  { name: '529 overloaded', turn: () => ({ fault: { kind: 'status', status: 529 } }), goal: '~500 ms backoff' },
  { name: 'stream cut before text', turn: () => ({ text: 'lost', fault: { kind: 'cut_at_start' } }), goal: '< 600 ms', goalMs: 600 },
  { name: 'stream cut mid text', turn: () => ({ text: 'a longer answer that breaks off', fault: { kind: 'cut_mid_text' } }), goal: '< 600 ms', goalMs: 600 },
  { name: 'stream cut mid tool arguments', turn: () => ({ toolCalls: [{ name: 'glob', input: { pattern: '**/*.ts' } }], fault: { kind: 'cut_mid_tool_call' } }), goal: '< 600 ms', goalMs: 600 },
  { name: 'empty stream', turn: () => ({ text: 'x', fault: { kind: 'empty_stream' } }), goal: '< 600 ms', goalMs: 600 },
  { name: 'no end event', turn: () => ({ text: 'almost', fault: { kind: 'no_end_event' } }), goal: '< 600 ms', goalMs: 600 },
  { name: 'garbage line', turn: () => ({ text: 'text around garbage', fault: { kind: 'garbage_line' } }), goal: '< 600 ms', goalMs: 600 },
  { name: `silent stream (streamIdleTimeoutMs ${idleMs})`, turn: () => ({ text: 'starts then stops', fault: { kind: 'hang' } }), goal: `${idleMs} ms + < 600 ms` },
  { name: `headers never come (requestTimeoutMs ${idleMs})`, turn: () => ({ fault: { kind: 'no_headers' } }), goal: `${idleMs} ms + < 600 ms` },
];

const request: ProviderRequest = {
  system: 'You are a benchmark.',
  tools: [{ name: 'glob', description: 'find files', inputSchema: { type: 'object', properties: { pattern: { type: 'string' } } } }],
  messages: [{ role: 'user', content: [{ type: 'text', text: 'hello' }] }],
  options: { model: 'bench-model', maxTokens: 100 },
};

/** The parts of a request that make its cacheable prefix. */
const prefixOf = (r: RecordedRequest): string => JSON.stringify({ system: r.body.system, tools: r.body.tools, messages: r.body.messages });

async function once(sdk: 'anthropic' | 'openai', turn: MockTurn): Promise<{ recoveryMs: number; samePrefix: boolean; ok: boolean }> {
  const server = await startMockLlmServer({ turns: [turn, { text: 'recovered' }] });
  const provider = createProvider({
    provider: sdk, apiKey: 'sk-bench', baseUrl: sdk === 'openai' ? server.openaiBaseUrl : server.anthropicBaseUrl,
    maxRetries: 3, keyHint: 'KEY', requestTimeoutMs: idleMs, streamIdleTimeoutMs: idleMs,
  });
  let ok = false;
  for await (const event of provider.stream(request, new AbortController().signal)) {
    if (event.type === 'done') ok = event.stopReason !== 'error';
  }
  const [failed, next] = server.requests;
  await server.close();
  if (!failed || !next) return { recoveryMs: Number.NaN, samePrefix: false, ok: false };
  // The fault strikes as the failed request is answered: the mock answers (or cuts) at once on arrival.
  return { recoveryMs: next.receivedAt - failed.receivedAt, samePrefix: prefixOf(failed) === prefixOf(next), ok };
}

export async function benchFaults(): Promise<string[]> {
  const lines = ['provider faults (real SDKs against the local mock server): fault to the next successful request, median of 3'];
  for (const sdk of ['anthropic', 'openai'] as const) {
    lines.push(`  ${sdk}`);
    for (const fault of faults) {
      const runs = [];
      for (let i = 0; i < 3; i++) runs.push(await once(sdk, fault.turn()));
      const took = median(runs.map((r) => r.recoveryMs));
      const same = runs.every((r) => r.samePrefix) ? 'same prefix' : 'PREFIX CHANGED';
      const failed = runs.some((r) => !r.ok) ? ', NOT RECOVERED' : '';
      const missed = fault.goalMs !== undefined && (fault.goalMs === 1000 ? Math.abs(took - 1000) > 50 : took >= fault.goalMs) ? ' (MISSED)' : '';
      lines.push(row(`    ${fault.name}`, `${ms(took)}, ${same}${failed}${missed}`, fault.goal));
    }
  }
  return lines;
}
