// Transcript tests: line cache, viewport slicing, scrolling and the new-output marker.
import { afterEach, describe, expect, it, vi } from 'vitest';
import React from 'react';
import { Transcript } from '../../components/Transcript.js';
import { LineCache, layoutTranscriptTail, sliceViewport } from '../../components/view/transcriptLines.js';
import * as messageLines from '../../components/view/messageLines.js';
import type { NoticeItem, TranscriptItem } from '../../source/store/state.js';
import { FakeSession, messageEnd, runEnd, ticks } from '../support/fakeSession.js';
import type { AgentEvent } from '../../source/protocol/events.js';
import { keys, renderApp, renderSized, type AppHarness } from './harness.js';
import { useTranscriptLayout } from '../../hooks/useTranscriptLayout.js';
import { Text } from 'ink';

const notice = (i: number): NoticeItem => ({ kind: 'notice', id: `n${i}`, done: true, level: 'info', text: `line ${i}` });

describe('transcript lines', () => {
  it('slices the visible window from the bottom, across item boundaries', () => {
    const layout = { blocks: [['a', 'b'], ['c'], ['d', 'e', 'f']], total: 6 };
    expect(sliceViewport(layout, 3, 0)).toEqual(['d', 'e', 'f']);
    expect(sliceViewport(layout, 3, 2)).toEqual(['b', 'c', 'd']);
    expect(sliceViewport(layout, 10, 0)).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
  });

  it('renders a finished item once per width and re-renders only the streaming one', () => {
    const spy = vi.spyOn(messageLines, 'noticeToLines');
    const cache = new LineCache();
    const items: TranscriptItem[] = [notice(1), notice(2)];
    layoutTranscriptTail(items, 0, 0, 40, '⠋', cache);
    layoutTranscriptTail(items, 0, 0, 40, '⠙', cache);
    expect(spy).toHaveBeenCalledTimes(2);
    layoutTranscriptTail(items, 0, 0, 30, '⠋', cache);
    expect(spy).toHaveBeenCalledTimes(4);
    spy.mockRestore();
  });

  it('the Transcript component renders only the lines that fit', async () => {
    const blocks = Array.from({ length: 50 }, (_, i) => [`row ${i}`]);
    const r = await renderSized(<Transcript layout={{ blocks, total: 50 }} width={40} height={5} offset={0} unseen={false} />, 40, 10);
    const frame = r.lastFrame();
    expect(frame.split('\n')).toHaveLength(5);
    expect(frame).toContain('row 49');
    expect(frame).toContain('row 45');
    expect(frame).not.toContain('row 44');
    r.unmount();
  });
});

describe('scrolling', () => {
  let h: AppHarness;
  afterEach(() => h.cleanup());

  it('says there is new output below only when there is: a resize that lays the same lines out again is not', async () => {
    h = await renderApp({ columns: 80, rows: 15 });
    for (let i = 0; i < 40; i++) h.session.emit({ type: 'warning', message: `message ${i} ${'with several words that wrap on a narrow screen '.repeat(2)}` });
    await ticks();
    await h.press(keys.pageUp, keys.pageUp);
    expect(h.lastFrame()).toContain('Scrolled up');
    h.stdout.columns = 40;
    h.stdout.emit('resize');
    await ticks();
    expect(h.lastFrame()).toContain('Scrolled up');
    expect(h.lastFrame()).not.toContain('New output below');
    h.session.emit({ type: 'warning', message: 'message 40' });
    await ticks();
    expect(h.lastFrame()).toContain('New output below');
  });

  it('PgUp shows earlier lines, End returns to the bottom, new output shows a marker', async () => {
    h = await renderApp({ columns: 80, rows: 15 });
    for (let i = 0; i < 40; i++) h.session.emit({ type: 'warning', message: `message ${i}` });
    await ticks();
    expect(h.lastFrame()).toContain('message 39');
    expect(h.lastFrame()).not.toContain('message 30');
    await h.press(keys.pageUp);
    expect(h.lastFrame()).not.toContain('message 39');
    expect(h.lastFrame()).toContain('Scrolled up');
    await h.press(keys.pageUp, keys.pageUp, keys.pageUp, keys.pageUp, keys.pageUp, keys.pageUp, keys.pageUp, keys.pageUp);
    expect(h.lastFrame()).toContain('message 0');
    const before = h.lastFrame();
    h.session.emit({ type: 'warning', message: 'message 40' });
    await ticks();
    // The view stays put, and says that there is more below.
    expect(h.lastFrame()).toContain('message 0');
    expect(h.lastFrame()).toContain('New output below');
    expect(before).not.toContain('New output below');
    await h.press(keys.end);
    expect(h.lastFrame()).toContain('message 40');
    expect(h.lastFrame()).not.toContain('New output below');
    await h.press(keys.home);
    expect(h.lastFrame()).toContain('message 0');
    await h.press(keys.pageDown, keys.pageDown, keys.pageDown, keys.pageDown, keys.pageDown, keys.pageDown, keys.pageDown, keys.pageDown, keys.pageDown);
    expect(h.lastFrame()).toContain('message 40');
    expect(h.lastFrame()).not.toContain('Scrolled up');
  });
});

describe('lazy layout of a long transcript', () => {
  let h: AppHarness | undefined;
  afterEach(() => h?.cleanup());

  it('lays out only enough items from the bottom, plus the ones asked for', () => {
    const items: TranscriptItem[] = Array.from({ length: 300 }, (_, i) => ({ kind: 'notice', id: `n${i}`, done: true, level: 'info', text: `note ${i}` }));
    const cache = new LineCache();
    const tail = layoutTranscriptTail(items, items.length, 50, 40, '⠋', cache);
    expect(tail.from).toBe(275);
    expect(tail.total).toBe(50);
    expect(sliceViewport(tail, 2, 0)).toEqual(['· note 299', '']);
    const more = layoutTranscriptTail(items, tail.from, 100, 40, '⠋', cache);
    expect(more.from).toBe(250);
    expect(more.blocks[25]).toBe(tail.blocks[0]);
  });

  it('lays out one screen for the first frame, then the margin above it right after', async () => {
    const items: TranscriptItem[] = Array.from({ length: 500 }, (_, i) => notice(i));
    const totals: number[] = [];
    function Probe() {
      const layout = useTranscriptLayout(items, 0, 40, '⠋', 0, 10);
      totals.push(layout.total);
      return <Text>{layout.total}</Text>;
    }
    const r = await renderSized(<Probe />, 40, 12);
    await ticks(5);
    r.unmount();
    // Notices take two lines each: the first render stops at the first item past one screen (10 rows + 1).
    expect(totals[0]).toBe(12);
    expect(totals.at(-1)).toBeGreaterThanOrEqual(200);
  });

  it('paging up through a long transcript moves one page at a time and reaches the first item', async () => {
    h = await renderApp({ columns: 80, rows: 15 });
    for (let i = 0; i < 400; i++) h.session.emit({ type: 'warning', message: `message ${i}` });
    await ticks();
    // 800 lines: more than is laid out up front, so earlier items are laid out while paging, without moving the view.
    const offsets: number[] = [0];
    for (let i = 0; i < 60; i++) {
      await h.press(keys.pageUp);
      expect(h.lastFrame()).not.toContain('New output below');
      offsets.push(Number(/Scrolled up (\d+) lines/.exec(h.lastFrame())?.[1]));
    }
    const steps = offsets.slice(1).map((offset, i) => offset - offsets[i]);
    expect(steps[0]).toBeGreaterThan(0);
    expect(steps.every((step) => step === steps[0])).toBe(true);
    await h.press(keys.home);
    expect(h.lastFrame()).toContain('message 0');
    await h.press(keys.end);
    expect(h.lastFrame()).toContain('message 399');
  });
});

/** The newest frame once it shows `text`, polled with a deadline; fails with the last frame. */
async function frameShowing(h: AppHarness, text: string): Promise<string> {
  for (let i = 0; i < 200 && !h.lastFrame().includes(text); i++) await new Promise((resolve) => setTimeout(resolve, 10));
  expect(h.lastFrame()).toContain(text);
  return h.lastFrame();
}

describe('a long paragraph streaming without a line break', () => {
  let h: AppHarness;
  afterEach(() => h.cleanup());

  it('shows its words as they arrive, and its rendered form once the message ends', async () => {
    const words = Array.from({ length: 160 }, (_, i) => `word${i}`);
    const paragraph = `${words.join(' ')} and **bold** end.`;
    expect(paragraph.length).toBeGreaterThan(1000);
    const half = words.slice(0, 80).join(' ');
    let release!: () => void;
    const session = new FakeSession();
    const steps: Array<AgentEvent | { wait: 'promise'; promise: Promise<unknown> }> = [
      { type: 'run_start', sessionId: 's1', runId: 'r1', prompt: 'go' },
      { type: 'turn_start', runId: 'r1', turnId: 't1', turn: 1 },
      { type: 'message_start', runId: 'r1', turnId: 't1', messageId: 'm1' },
    ];
    for (let i = 0; i < half.length; i += 20) steps.push({ type: 'text_delta', runId: 'r1', messageId: 'm1', text: half.slice(i, i + 20) });
    steps.push({ wait: 'promise', promise: new Promise<void>((resolve) => (release = resolve)) });
    steps.push({ type: 'text_delta', runId: 'r1', messageId: 'm1', text: paragraph.slice(half.length) }, messageEnd('r1', 'm1', paragraph), runEnd('r1', 'done'));
    session.script(...steps);
    h = await renderApp({ session, columns: 100, rows: 40 });
    await h.type('go');
    await h.press(keys.enter);
    // Mid-stream, with no line break yet: the words so far are on screen, wrapped, up to the newest one.
    const mid = await frameShowing(h, 'word79');
    expect(mid).toContain('word0 word1');
    expect(mid).toContain('word79');
    expect(mid).not.toContain('word80');
    release();
    await h.bridge.idle();
    const end = await frameShowing(h, 'word159');
    expect(end).not.toContain('**bold**');
  });
});
