// /compact in the TUI is busy work like a run: Esc interrupts it, and messages sent meanwhile are queued.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { summarySystemPrompt } from '../../source/engine/compaction/index.js';
import { createBridge } from '../../source/store/bridge.js';
import type { ProviderRequest } from '../../source/providers/types.js';
import type { ScriptedTurn } from '../../source/providers/scripted.js';
import { slashCommands } from '../../source/commands/builtins.js';
import { makeHarness, runPrompt, userTexts, type Harness } from '../support/engineHarness.js';

let h: Harness | undefined;
afterEach(async () => {
  await h?.cleanup();
  h = undefined;
});

const isSummary = (request: ProviderRequest) => request.system === summarySystemPrompt;

/** Polls for a state, up to 10 s. */
async function until(check: () => boolean, what: string): Promise<void> {
  await vi.waitFor(() => {
    if (!check()) throw new Error(`timed out waiting for ${what}`);
  }, { timeout: 10_000, interval: 10 });
}

/** A session with three earlier exchanges, so there is older history to summarise. */
async function sessionWithHistory(summary: ScriptedTurn) {
  let answers = 0;
  h = makeHarness((request) => (isSummary(request) ? summary : { text: `answer ${++answers}` }));
  for (const text of ['one', 'two', 'three', 'four']) await runPrompt(h.session, text);
  return createBridge(h.session, { commands: slashCommands });
}

const notices = (bridge: ReturnType<typeof createBridge>) =>
  bridge.store.getState().transcript.flatMap((i) => (i.kind === 'notice' ? [`${i.level}: ${i.text}`] : []));

describe('/compact while busy', () => {
  it('queues a message sent while compacting and runs it after the compaction', async () => {
    const bridge = await sessionWithHistory({ text: '## Goals\nCount.\n## Current state\nFour answers given.' });
    bridge.send('/compact');
    expect(bridge.store.getState().running).toBe(true);
    bridge.send('five');
    expect(bridge.store.getState().queued).toEqual(['five']);
    await bridge.idle();
    expect(notices(bridge).some((n) => n.startsWith('error'))).toBe(false);
    const requests = h!.provider.requests;
    const summaryAt = requests.findIndex(isSummary);
    expect(summaryAt).toBeGreaterThan(0);
    const after = requests[summaryAt + 1];
    expect(userTexts(after).some((t) => t === 'five')).toBe(true);
    expect(JSON.stringify(after.messages[0])).toContain('<conversation-summary>');
    bridge.dispose();
  });

  it('Esc interrupts the compaction and leaves the history as it was', async () => {
    const bridge = await sessionWithHistory({ text: 'never finishes', hang: true });
    const before = structuredClone(h!.session.conversation.history());
    bridge.send('/compact');
    bridge.send('queued meanwhile');
    await until(() => h!.provider.requests.some(isSummary), 'the summary call to start');
    expect(bridge.abort()).toEqual(['queued meanwhile']);
    await bridge.idle();
    expect(h!.session.runs.isRunning()).toBe(false);
    expect(h!.session.conversation.history()).toEqual(before);
    expect(bridge.store.getState().running).toBe(false);
    expect(notices(bridge).some((n) => /interrupted/i.test(n))).toBe(true);
    // The session takes the next message as usual.
    bridge.send('next');
    await bridge.idle();
    expect(userTexts(h!.provider.requests.at(-1)!)).toContain('next');
    bridge.dispose();
  });
});
