// A provider refusing a request as too long: rein learns the real window, shrinks the history to fit, and retries.
import { afterEach, describe, expect, it } from 'vitest';
import { summarySystemPrompt } from '../../source/engine/compaction/index.js';
import type { AgentEvent } from '../../source/protocol/events.js';
import { validateHistory } from '../../source/engine/history.js';
import type { ScriptedTurn } from '../../source/providers/scripted.js';
import type { ProviderRequest } from '../../source/providers/types.js';
import { builtinTools } from '../../source/tools/builtins.js';
import { makeHarness, runEnd, runPrompt, type Harness } from '../support/engineHarness.js';
import { makeBulkTool } from '../support/bulkTool.js';

let h: Harness | undefined;
afterEach(async () => {
  await h?.cleanup();
  h = undefined;
});

const bulkTool = makeBulkTool(1000);

const isSummary = (request: ProviderRequest) => request.system === summarySystemPrompt;
/** What a server's tokenizer makes of a request: a little more than rein's own estimate, as real ones do. */
const serverTokens = (r: ProviderRequest) => Math.ceil(JSON.stringify([r.system, r.tools, r.messages]).length / 4);

type Wording = (sent: number, window: number, maxTokens: number) => string;
const vllm: Wording = (sent, window, max) =>
  `This model's maximum context length is ${window} tokens. However, you requested ${sent + max} tokens (${sent} in the messages, ${max} in the completion). Please reduce the length of the messages or completion.`;
const anthropic: Wording = (sent, window) => `prompt is too long: ${sent} tokens > ${window} maximum`;
const ollama: Wording = () => 'the input length exceeds the context length';

/** A model server with a real window: a request that does not fit is refused in the given wording. */
function windowed(window: number, wording: Wording, answer: (request: ProviderRequest, accepted: number) => ScriptedTurn) {
  let accepted = 0;
  const refused: number[] = [];
  const script = (request: ProviderRequest): ScriptedTurn => {
    if (isSummary(request)) return { text: '## Goals\nRead the chunks.\n## Current state\nSome chunks read.' };
    const sent = serverTokens(request);
    if (sent + request.options.maxTokens > window) {
      refused.push(sent);
      const message = wording(sent, window, request.options.maxTokens);
      return { error: { kind: 'context_length', status: 400, message: 'The conversation is too long.', detail: message } };
    }
    return answer(request, accepted++);
  };
  return { script, refused };
}

const bulkThenDone = (calls: number) => (_request: ProviderRequest, accepted: number): ScriptedTurn =>
  accepted < calls ? { toolCalls: [{ name: 'bulk', input: { n: accepted + 1 } }] } : { text: 'all done' };

/** Every model message gets exactly one message_end. */
function expectOneEndPerMessage(events: AgentEvent[]) {
  const starts = events.filter((e) => e.type === 'message_start').map((e) => (e as { messageId: string }).messageId);
  const ends = events.filter((e) => e.type === 'message_end').map((e) => (e as { messageId: string }).messageId);
  expect(ends).toEqual(starts);
  expect(new Set(ends).size).toBe(ends.length);
}

describe('context-length errors', () => {
  it('learns the window a vLLM server states, cuts the largest tool results, retries, and keeps the window for the session', async () => {
    const server = windowed(8_500, vllm, bulkThenDone(3));
    h = makeHarness(server.script, { tools: [...builtinTools, bulkTool], contextWindow: 128_000 });
    const events = await runPrompt(h.session, 'read the chunks');
    expect(runEnd(events)).toMatchObject({ reason: 'done', text: 'all done' });
    expect(server.refused.length).toBeGreaterThan(0);
    expect(events.some((e) => e.type === 'warning' && e.message.includes('8,500 tokens'))).toBe(true);
    expect(h.session.settings.info.contextWindow).toBe(8_500);
    expectOneEndPerMessage(events);
    const lastRequest = h.provider.requests.at(-1)!;
    expect(JSON.stringify(lastRequest.messages)).toContain("the request was longer than the model's context window");
    expect(h.invalidRequests).toEqual([]);

    // The next message is measured against the learned window from the start: it is not refused again.
    const refusedBefore = server.refused.length;
    const again = await runPrompt(h.session, 'and once more');
    expect(runEnd(again).reason).toBe('done');
    expect(server.refused.length).toBe(refusedBefore);
  });

  it('cuts one oversized message (a huge paste) when it is what does not fit', async () => {
    const server = windowed(9_000, anthropic, () => ({ text: 'read it' }));
    h = makeHarness(server.script, { contextWindow: 128_000 });
    const paste = `Here is the log:\n${'error at line 42: something failed\n'.repeat(3000)}`;
    const events = await runPrompt(h.session, paste);
    expect(runEnd(events)).toMatchObject({ reason: 'done', text: 'read it' });
    expect(server.refused).toHaveLength(1);
    const sent = JSON.stringify(h.provider.requests.at(-1)!.messages);
    expect(sent).toContain('Here is the log:');
    expect(sent.length).toBeLessThan(paste.length / 2);
    expectOneEndPerMessage(events);
  });

  it('summarises all but the newest turn when no single part is too big', async () => {
    let window = 1_000_000;
    const server = windowed(Number.MAX_SAFE_INTEGER, ollama, () => ({ text: `answer ${'words and more words '.repeat(100)}` }));
    const script = (request: ProviderRequest, index: number): ScriptedTurn => {
      if (!isSummary(request) && serverTokens(request) + request.options.maxTokens > window) {
        server.refused.push(serverTokens(request));
        return { error: { kind: 'context_length', status: 400, message: 'The conversation is too long.', detail: ollama(0, 0, 0) } };
      }
      return server.script(request);
    };
    h = makeHarness(script, { contextWindow: 128_000 });
    for (let i = 0; i < 6; i++) await runPrompt(h.session, `question ${i}: ${'some context for it '.repeat(100)}`);
    window = serverTokens(h.provider.requests.at(-1)!) - 1_000;
    const events = await runPrompt(h.session, 'the newest question');
    expect(runEnd(events)).toMatchObject({ reason: 'done' });
    expect(server.refused.length).toBeGreaterThan(0);
    expect(h.provider.requests.some(isSummary)).toBe(true);
    const last = h.provider.requests.at(-1)!;
    expect(JSON.stringify(last.messages)).toContain('the newest question');
    expect(validateHistory(h.session.conversation.history())).toBeUndefined();
    expectOneEndPerMessage(events);
  });

  it('ends the run as an error with one sentence when the conversation still cannot fit', async () => {
    const server = windowed(1_200, anthropic, () => ({ text: 'never' }));
    h = makeHarness(server.script, { contextWindow: 128_000 });
    const events = await runPrompt(h.session, 'hello');
    const end = runEnd(events);
    expect(end.reason).toBe('error');
    expect(end.error).toMatch(/^The conversation does not fit the model's context window of about 1,200 tokens.*\.$/);
    expect(end.error).not.toMatch(/\. [A-Z]/);
    expect(events.filter((e) => e.type === 'error').map((e) => (e as { message: string }).message)).toEqual([end.error]);
    expect(h.provider.requests.length).toBeLessThanOrEqual(4);
    expect(events.some((e) => e.type === 'run_end' && e.reason === 'done')).toBe(false);
    expectOneEndPerMessage(events);
  });
});
