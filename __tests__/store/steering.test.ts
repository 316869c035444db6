// Steering through the bridge with a real engine session: a message typed while a tool runs reaches the model at the
// next turn boundary and shows in the transcript there; `!command`s wait for the run's end; Esc gives back what waits.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createBridge, type Bridge } from '../../source/store/bridge.js';
import { queuedLines } from '../../components/view/bottomLines.js';
import type { ScriptedTurn } from '../../source/providers/scripted.js';
import { makeHarness, userTexts, type Harness } from '../support/engineHarness.js';

let h: Harness | undefined;
let bridge: Bridge | undefined;
afterEach(async () => {
  bridge?.dispose();
  await h?.cleanup();
  h = undefined;
  bridge = undefined;
});

// A command that runs until the test creates `go`: the tool round is surely under way while the test types.
const waitForGo = 'while [ ! -f go ]; do sleep 0.05; done; echo released';
const toolThenAnswer: ScriptedTurn[] = [
  { toolCalls: [{ id: 'wait_1', name: 'bash', input: { command: waitForGo } }] },
  { text: 'Understood, stopping there.' },
];

const toolRunning = (b: Bridge) => b.store.getState().transcript.some((i) => i.kind === 'tool' && i.status === 'running');
const kinds = (b: Bridge) => b.store.getState().transcript.flatMap((i) => (i.kind === 'user' ? [`user:${i.text}`] : i.kind === 'tool' || i.kind === 'assistant' ? [i.kind] : []));

async function started(script: ScriptedTurn[]): Promise<Bridge> {
  h = makeHarness(script);
  const b = createBridge(h.session, { schedule: (run) => (run(), () => {}) });
  bridge = b;
  b.send('run the long command');
  await vi.waitFor(() => expect(toolRunning(b)).toBe(true), { timeout: 20_000 });
  return b;
}

describe('steering in the store', () => {
  it('a message typed while a tool runs is marked for the next step, reaches round 2 and shows after the tool', async () => {
    const b = await started(toolThenAnswer);
    b.send('actually, stop after this one');
    const waiting = b.store.getState();
    expect(waiting.queued).toEqual(['actually, stop after this one']);
    expect(waiting.steering).toEqual(['actually, stop after this one']);
    expect(queuedLines(waiting.queued, 80, 3, waiting.steering).join('\n')).toContain('↳ next step: actually, stop after this one');
    writeFileSync(join(h!.workspace, 'go'), '');
    await vi.waitFor(() => expect(b.store.getState().running).toBe(false), { timeout: 20_000 });
    await b.idle();
    // One run: the message went into it, not into a run of its own afterwards.
    expect(h!.provider.requests).toHaveLength(2);
    expect(userTexts(h!.provider.requests[1]!)).toContain('actually, stop after this one');
    expect(kinds(b)).toEqual(['user:run the long command', 'tool', 'user:actually, stop after this one', 'assistant']);
    expect(b.store.getState().queued).toEqual([]);
    expect(b.store.getState().steering).toBeUndefined();
  });

  it('a !command typed during the run is not steering: it waits, and runs once the run has ended', async () => {
    const b = await started(toolThenAnswer);
    b.send('!echo after-the-run');
    expect(b.store.getState().queued).toEqual(['!echo after-the-run']);
    expect(b.store.getState().steering).toBeUndefined();
    expect(queuedLines(b.store.getState().queued, 80, 3, b.store.getState().steering).join('\n')).toContain('⏳ queued: !echo after-the-run');
    writeFileSync(join(h!.workspace, 'go'), '');
    await vi.waitFor(() => expect(kinds(b)).toContain('user:!echo after-the-run'), { timeout: 20_000 });
    await b.idle();
    expect(userTexts(h!.provider.requests[1]!).join('\n')).not.toContain('after-the-run');
  });

  it('Esc before the boundary: the waiting message is handed back, never sent', async () => {
    const b = await started(toolThenAnswer);
    b.send('not yet delivered');
    expect(b.store.getState().steering).toEqual(['not yet delivered']);
    expect(b.abort()).toEqual(['not yet delivered']);
    expect(b.store.getState().queued).toEqual([]);
    expect(b.store.getState().steering).toBeUndefined();
    await b.idle();
    expect(h!.provider.requests).toHaveLength(1);
    expect(kinds(b)).not.toContain('user:not yet delivered');
  });

  it('a message the run takes no more (its last answer is streaming) is sent as the next message once it ends', async () => {
    h = makeHarness([{ text: 'one two three four five six seven eight', delayMs: 150 }, { text: 'Next answer.' }]);
    const b = createBridge(h.session, { schedule: (run) => (run(), () => {}) });
    bridge = b;
    b.send('talk slowly');
    await vi.waitFor(() => expect(b.store.getState().transcript.some((i) => i.kind === 'assistant' && i.text.length > 0)).toBe(true), { timeout: 20_000 });
    b.send('and then this');
    expect(b.store.getState().steering).toEqual(['and then this']);
    await vi.waitFor(() => expect(h!.provider.requests).toHaveLength(2), { timeout: 20_000 });
    await vi.waitFor(() => expect(b.store.getState().running).toBe(false), { timeout: 20_000 });
    await b.idle();
    expect(userTexts(h!.provider.requests[0]!)).not.toContain('and then this');
    expect(userTexts(h!.provider.requests[1]!).filter((t) => t === 'and then this')).toHaveLength(1);
    expect(kinds(b)).toEqual(['user:talk slowly', 'assistant', 'user:and then this', 'assistant']);
    expect(b.store.getState().queued).toEqual([]);
  });
});
