// Live progress: the status line's clock and streamed tokens while a run works, a running command's elapsed time,
// and the full-screen overlay redrawing only the status row on its clock.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stripVTControlCharacters } from 'node:util';
import { liveStatusRow, statusLine, type StatusLineInput } from '../../components/view/bottomLines.js';
import { toolHeadLine } from '../../components/view/toolLines.js';
import { createRowOverlay } from '../../components/screen/rowOverlay.js';
import { emptyUsage } from '../../source/protocol/messages.js';
import type { ToolItem } from '../../source/store/state.js';
import { FakeSession, runEnd, ticks } from '../support/fakeSession.js';
import { keys, renderApp, type AppHarness } from './harness.js';

const plain = (text: string): string => stripVTControlCharacters(text);
const input: StatusLineInput = {
  session: { sessionId: 's', cwd: '/w', provider: 'openai', model: 'm', mode: 'ask', contextWindow: 1000 },
  usage: { ...emptyUsage(), inputTokens: 1200, outputTokens: 300 },
  width: 120,
};

describe('the status line while a run works', () => {
  it('shows the elapsed seconds and the output tokens so far', () => {
    expect(plain(statusLine(input))).toContain('↑1.2k ↓300 · /w');
    expect(plain(statusLine({ ...input, live: { elapsedMs: 12_400, outputTokens: 345 } }))).toContain('↑1.2k ↓345 · 12s · /w');
  });

  it('marks the tokens and the cost with ~ when some counts are estimates, and only then', () => {
    expect(plain(statusLine({ ...input, cost: 0.0123 }))).toMatch(/↑1\.2k ↓300 · \$0\.01/);
    const estimated = plain(statusLine({ ...input, usage: { ...input.usage, estimated: true }, cost: 0.0123 }));
    expect(estimated).toMatch(/↑~1\.2k ↓~300 · ~\$0\.01/);
  });

  it('moves once a second, reading the tokens only when it does', () => {
    let now = 10_000;
    let reads = 0;
    let tokens = 300;
    const row = liveStatusRow(input, 10_000, () => (reads++, tokens), () => now);
    expect(plain(row())).toContain('↓300 · 0s');
    tokens = 350;
    now = 10_900;
    expect(plain(row())).toContain('↓300 · 0s');
    expect(reads).toBe(1);
    now = 11_000;
    expect(plain(row())).toContain('↓350 · 1s');
    expect(reads).toBe(2);
  });
});

describe('a running tool call', () => {
  const tool: ToolItem = { kind: 'tool', id: 'c1', done: false, runId: 'r', messageId: 'm', name: 'bash', summary: 'npm test', status: 'running', progress: [], expanded: false, startedAt: 5_000 };

  it('shows its elapsed time from the first second on', () => {
    expect(plain(toolHeadLine(tool, '*', 5_400))).toBe('* bash(npm test)');
    expect(plain(toolHeadLine(tool, '*', 17_000))).toBe('* bash(npm test) · 12s');
    // Without a clock (a replayed log, a finished call) there is no elapsed time.
    expect(plain(toolHeadLine(tool, '*', 0))).toBe('* bash(npm test)');
    expect(plain(toolHeadLine({ ...tool, status: 'done', done: true, durationMs: 1500 }, '*', 17_000))).toBe('✓ bash(npm test) · 1.5s');
  });
});

describe('the overlay’s live row', () => {
  it('replaces the last row below the frame and says when its clock moved it', () => {
    const overlay = createRowOverlay();
    overlay.setAbove({ rows: ['transcript'], width: 20, height: 1 });
    overlay.setBelow(['prompt', 'status']);
    expect(overlay.liveRowChanged()).toBe(false);
    let second = 1;
    overlay.setLiveRow(() => `status ${second}s`);
    expect(overlay.liveRowChanged()).toBe(true);
    expect(overlay.applyRows('')).toEqual(['transcript', 'prompt', 'status 1s']);
    expect(overlay.liveRowChanged()).toBe(false);
    second = 2;
    expect(overlay.liveRowChanged()).toBe(true);
    overlay.setLiveRow(undefined);
    expect(overlay.applyRows('')).toEqual(['transcript', 'prompt', 'status']);
  });
});

describe('the app while a run streams', () => {
  let h: AppHarness;
  afterEach(() => h.cleanup());

  it('counts streamed text in the status bar before the first usage arrives, then shows the reported usage', async () => {
    const session = new FakeSession();
    let gate!: () => void;
    let second!: () => void;
    session.script(
      { type: 'run_start', sessionId: 's1', runId: 'r1', prompt: 'go' },
      { type: 'message_start', runId: 'r1', turnId: 't1', messageId: 'm1' },
      { type: 'text_delta', runId: 'r1', messageId: 'm1', text: 'x'.repeat(300) },
      { wait: 'promise', promise: new Promise<void>((resolve) => (gate = resolve)) },
      {
        type: 'usage', runId: 'r1', turnUsage: { ...emptyUsage(), outputTokens: 77 }, totalUsage: { ...emptyUsage(), outputTokens: 77 },
        context: { tokens: 10, window: 1000, percent: 1 },
      },
      { wait: 'promise', promise: new Promise<void>((resolve) => (second = resolve)) },
      runEnd('r1', 'done'),
    );
    h = await renderApp({ session, columns: 120, rows: 20 });
    await h.type('go');
    await h.press(keys.enter);
    const status = (): string => plain(h.lastFrame()).trimEnd().split('\n').at(-1) ?? '';
    // 300 characters streamed: about 100 tokens, and the run's clock beside them.
    await vi.waitFor(() => expect(status()).toMatch(/↑0 ↓100 · \d+s ·/));
    gate();
    await vi.waitFor(() => expect(status()).toMatch(/↑0 ↓77 · \d+s ·/));
    second();
    await h.bridge.idle();
    // Once the run ends the clock goes.
    await vi.waitFor(() => expect(status()).not.toMatch(/↓77 · \d+s/));
    expect(status()).toContain('↑0 ↓77 · ');
  });
});
