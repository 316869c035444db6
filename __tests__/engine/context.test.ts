// The context engine inside a session: compaction levels, the breaker, overflow recovery, memory and read-state survival.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { summarySystemPrompt, offloadWarning } from '../../source/engine/compaction/index.js';
import type { AgentEvent } from '../../source/protocol/events.js';
import { validateHistory } from '../../source/engine/history.js';
import type { ScriptedTurn } from '../../source/providers/scripted.js';
import type { ProviderRequest } from '../../source/providers/types.js';
import { builtinTools } from '../../source/tools/builtins.js';
import { makeHarness, runEnd, runPrompt, userTexts, type Harness } from '../support/engineHarness.js';
import { makeBulkTool } from '../support/bulkTool.js';

let h: Harness | undefined;
afterEach(async () => {
  await h?.cleanup();
  h = undefined;
});

const bulkTool = makeBulkTool(1000);

const isSummary = (request: ProviderRequest) => request.system === summarySystemPrompt;
const summaryTurn: ScriptedTurn = { text: '## Goals\nRead the chunks.\n## Current state\nSeveral chunks read.' };

/** Calls `bulk` `calls` times (answering summary requests as they come), then answers `final`. */
function bulkScript(calls: number, final = 'all done', summary: (i: number) => ScriptedTurn = () => summaryTurn) {
  let made = 0;
  let summaries = 0;
  return (request: ProviderRequest): ScriptedTurn => {
    if (isSummary(request)) return summary(summaries++);
    if (made < calls) return { toolCalls: [{ name: 'bulk', input: { n: ++made } }] };
    return { text: final };
  };
}

const collect = (events: AgentEvent[], type: AgentEvent['type']) => events.filter((e) => e.type === type);

describe('auto compaction', () => {
  it('summarises older history near the limit, keeps the user message verbatim and the instructions in the prompt', async () => {
    h = makeHarness(bulkScript(8), {
      tools: [...builtinTools, bulkTool],
      contextWindow: 20_000,
      context: { keepRecentToolResults: 10 },
      instructions: '## /repo/AGENTS.md\nAlways run the linter before finishing.',
    });
    const events = await runPrompt(h.session, 'Read every chunk, my exact words matter.');
    expect(runEnd(events)).toMatchObject({ reason: 'done', text: 'all done' });
    const compactions = collect(events, 'compaction') as Extract<AgentEvent, { type: 'compaction' }>[];
    expect(compactions.some((c) => c.level === 'auto')).toBe(true);
    for (const c of compactions) expect(c.tokensAfter).toBeLessThan(c.tokensBefore);

    const requests = h.provider.requests;
    const summaryIndex = requests.findIndex(isSummary);
    expect(summaryIndex).toBeGreaterThan(0);
    const after = requests[summaryIndex + 1];
    expect(JSON.stringify(after.messages[0])).toContain('<conversation-summary>');
    expect(userTexts(after).some((t) => t.includes('Read every chunk, my exact words matter.'))).toBe(true);
    expect(after.system).toBe(requests[0].system);
    expect(after.system).toContain('Always run the linter before finishing.');
    for (const request of requests.filter((r) => !isSummary(r))) expect(validateHistory(request.messages)).toBeUndefined();
    expect(h.invalidRequests).toEqual([]);
  });

  it('falls back to dropping the older half when the summary fails, and stops asking after 3 failures', async () => {
    h = makeHarness(bulkScript(14, 'finished', () => ({ error: { kind: 'server', status: 500, message: 'The server failed (500).' } })), {
      tools: [...builtinTools, bulkTool],
      contextWindow: 20_000,
      context: { keepRecentToolResults: 10 },
    });
    const events = await runPrompt(h.session, 'go');
    expect(runEnd(events).reason).toBe('done');
    expect(h.provider.requests.filter(isSummary)).toHaveLength(3);
    expect(collect(events, 'warning').some((w) => w.type === 'warning' && /summary call failed/.test(w.message))).toBe(true);
    expect(collect(events, 'compaction').length).toBeGreaterThanOrEqual(3);
    expect(h.invalidRequests).toEqual([]);
  });

  it('warns the model and then stops the run when compaction cannot get under the line', async () => {
    h = makeHarness(bulkScript(50), { tools: [...builtinTools, bulkTool], contextWindow: 6_500 });
    const events = await runPrompt(h.session, 'go');
    expect(runEnd(events).reason).toBe('context_full');
    expect(h.provider.requests.some((r) => JSON.stringify(r.messages.at(-1)).includes(offloadWarning.slice(0, 40)))).toBe(true);
    expect(events.some((e) => e.type === 'error' && /context window is full/.test(e.message))).toBe(true);
    expect(validateHistory(h.session.conversation.history())).toBeUndefined();
  });

  it('shrinks the history and retries when the provider reports a context-length error', async () => {
    let failed = false;
    h = makeHarness((request, index) => {
      if (isSummary(request)) return summaryTurn;
      if (index < 3) return { toolCalls: [{ name: 'bulk', input: { n: index } }] };
      if (!failed) {
        failed = true;
        return { error: { kind: 'context_length', status: 400, message: 'The prompt is too long for the model.' } };
      }
      return { text: 'recovered' };
    }, { tools: [...builtinTools, bulkTool], contextWindow: 200_000, context: { keepRecentToolResults: 10 } });
    const events = await runPrompt(h.session, 'go');
    expect(runEnd(events)).toMatchObject({ reason: 'done', text: 'recovered' });
    expect(collect(events, 'compaction')).toHaveLength(1);
    // The retried request is smaller than the refused one.
    const [refused, retried] = h.provider.requests.filter((r) => !isSummary(r)).slice(-2);
    expect(JSON.stringify(retried.messages).length).toBeLessThan(JSON.stringify(refused.messages).length);
  });

  it('keeps the read-state of files across compaction so an earlier read still allows an edit', async () => {
    let step = 0;
    h = makeHarness((request) => {
      if (isSummary(request)) return summaryTurn;
      step++;
      if (step === 1) return { toolCalls: [{ name: 'read_file', input: { path: 'a.txt' } }] };
      if (step <= 8) return { toolCalls: [{ name: 'bulk', input: { n: step } }] };
      if (step === 9) return { toolCalls: [{ name: 'edit_file', input: { path: 'a.txt', old_string: 'old', new_string: 'new' } }] };
      return { text: 'edited' };
    }, { tools: [...builtinTools, bulkTool], contextWindow: 20_000, context: { keepRecentToolResults: 10 } });
    writeFileSync(join(h.workspace, 'a.txt'), 'old value\n');
    const events = await runPrompt(h.session, 'go');
    expect(h.provider.requests.some(isSummary)).toBe(true);
    const edit = events.find((e) => e.type === 'tool_end' && e.name === 'edit_file');
    expect(edit).toMatchObject({ result: { isError: false } });
    expect(readFileSync(join(h.workspace, 'a.txt'), 'utf8')).toBe('new value\n');
  });
});

describe('micro compaction', () => {
  it('clears old tool results and never touches user messages', async () => {
    h = makeHarness(bulkScript(14), { tools: [...builtinTools, bulkTool], contextWindow: 60_000, context: { keepRecentToolResults: 2 } });
    const events = await runPrompt(h.session, 'keep this sentence intact');
    const micro = collect(events, 'compaction').filter((e) => e.type === 'compaction' && e.level === 'micro');
    expect(micro.length).toBeGreaterThanOrEqual(1);
    // Batches, not every request: far fewer micro passes than requests.
    expect(micro.length).toBeLessThan(h.provider.requests.length / 2);
    const last = h.provider.requests.at(-1)!;
    expect(JSON.stringify(last.messages)).toContain('cleared to save context');
    expect(userTexts(last)[0]).toBe('keep this sentence intact');
  });
  it('once clearing has started, clears each result after the model answered it, so no summary is needed', async () => {
    h = makeHarness(bulkScript(14), { tools: [...builtinTools, bulkTool], contextWindow: 30_000 });
    const events = await runPrompt(h.session, 'keep these words');
    expect(runEnd(events)).toMatchObject({ reason: 'done', text: 'all done' });
    expect(h.provider.requests.some(isSummary)).toBe(false);
    const requests = h.provider.requests;
    const first = requests.findIndex((r) => JSON.stringify(r.messages).includes('cleared to save context'));
    expect(first).toBeGreaterThan(0);
    // From then on, every result but the newest (unseen) one is a stub, though the context is far below half full.
    for (const request of requests.slice(first, -1)) {
      const results = request.messages.flatMap((m) => m.content.filter((b) => b.type === 'tool_result'));
      expect(results.at(-1)!.content).toMatch(/^chunk \d+/);
      for (const old of results.slice(0, -1)) expect(old.content).toMatch(/^\[old output of bulk, \d+ KB, cleared to save context/);
      expect(userTexts(request)[0]).toBe('keep these words');
    }
    expect(h.invalidRequests).toEqual([]);
  });
});

describe('manual compaction', () => {
  it('passes /compact instructions to the summariser and reports before and after', async () => {
    h = makeHarness(bulkScript(4), { tools: [...builtinTools, bulkTool] });
    await runPrompt(h.session, 'first task');
    await runPrompt(h.session, 'second task');
    const seen: AgentEvent[] = [];
    h.session.runs.subscribe((e) => seen.push(e));
    await h.session.runs.compact('keep the file names');
    const summary = h.provider.requests.find(isSummary)!;
    expect(JSON.stringify(summary.messages)).toContain('keep the file names');
    const event = seen.find((e) => e.type === 'compaction');
    expect(event).toMatchObject({ level: 'manual' });
    expect(validateHistory(h.session.conversation.history())).toBeUndefined();
    expect(JSON.stringify(h.session.conversation.history()[0])).toContain('first task');
  });
});
