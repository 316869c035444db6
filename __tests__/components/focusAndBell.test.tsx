// Focus reports (ESC[I / ESC[O) are read for focus and never typed; a run's end or a waiting approval calls for the user
// with the configured sequence only while the terminal is not focused.
import { afterEach, describe, expect, it } from 'vitest';
import { stripVTControlCharacters } from 'node:util';
import { createKeyChunker, noKey } from '../../hooks/keyChunks.js';
import { createFocusTracker, lastFocusReport } from '../../hooks/focusReports.js';
import { notificationSequence, watchAttention } from '../../components/attention.js';
import { createAppStore } from '../../source/store/store.js';
import { initialState } from '../../source/store/state.js';
import { renderApp, type AppHarness } from './harness.js';

const promptRow = (frame: string): string =>
  stripVTControlCharacters(frame).split('\n').filter((line) => line.startsWith('❯')).at(-1)?.trimEnd() ?? '';

const info = { sessionId: 's1', cwd: '/tmp', provider: 'scripted', model: 'test-model', mode: 'ask' as const, contextWindow: 100_000 };

describe('focus reports', () => {
  it('flip the focus state: the last report in a chunk wins, other sequences are not focus', () => {
    const focus = createFocusTracker();
    expect(focus.focused()).toBe(true);
    focus.read('\x1b[O');
    expect(focus.focused()).toBe(false);
    focus.read(Buffer.from('typed\x1b[I'));
    expect(focus.focused()).toBe(true);
    focus.read('\x1b[I\x1b[O');
    expect(focus.focused()).toBe(false);
    // Ctrl+Right as some terminals send it, an SS3 key, and plain text: no focus reports.
    expect(lastFocusReport('\x1b[1;5O\x1bOP[O')).toBeUndefined();
  });

  it('are swallowed by the key layer, but stay text inside a paste', () => {
    const chunk = createKeyChunker();
    expect(chunk('[O', noKey)).toEqual([]);
    expect(chunk('[I', noKey)).toEqual([]);
    expect(chunk('x', noKey)).toEqual([{ kind: 'key', input: 'x', key: noKey }]);
    expect(chunk('[200~', noKey)).toEqual([]);
    expect(chunk('[O', noKey)).toEqual([]);
    expect(chunk('[201~', noKey)).toEqual([{ kind: 'paste', text: '[O' }]);
  });

  let h: AppHarness | undefined;
  afterEach(() => h?.cleanup());

  it('never reach the prompt', async () => {
    h = await renderApp({ columns: 80, rows: 24 });
    await h.type('ab');
    await h.press('\x1b[O', '\x1b[I');
    await h.type('c');
    expect(promptRow(h.lastFrame())).toBe('❯ abc');
  });
});

describe('calling for the user', () => {
  it('speaks each style: the bell, OSC 9, OSC 777 with a title; control characters cannot end the sequence early', () => {
    expect(notificationSequence('bell', 'rein', 'done')).toBe('\x07');
    expect(notificationSequence('osc9', 'rein', 'done')).toBe('\x1b]9;rein: done\x07');
    expect(notificationSequence('osc777', 'rein', 'waiting\x07 for\x1b[31m; you')).toBe('\x1b]777;notify;rein;waiting for [31m you\x07');
    expect(notificationSequence('off', 'rein', 'done')).toBe('');
  });

  it('rings when a run ends or an approval waits while unfocused; never while focused, never when off', () => {
    const store = createAppStore(initialState(info));
    let focused = true;
    const written: string[] = [];
    const stop = watchAttention({ store, style: 'bell', focused: () => focused, write: (s) => written.push(s) });
    const stopOff = watchAttention({ store, style: 'off', focused: () => false, write: (s) => written.push(`off:${s}`) });
    store.setState({ running: true });
    store.setState({ running: false });
    expect(written).toEqual([]);
    focused = false;
    store.setState({ running: true });
    expect(written).toEqual([]);
    store.setState({ running: false });
    expect(written).toEqual(['\x07']);
    const approval = { runId: 'r1', approvalId: 'a1', toolCallId: 't1', name: 'bash', input: {}, summary: 'rm -rf build', alwaysScope: '' };
    store.setState({ running: true });
    store.setState({ approvals: [approval] as never });
    expect(written).toEqual(['\x07', '\x07']);
    stop();
    stopOff();
    store.setState({ running: false });
    expect(written).toHaveLength(2);
  });

  it('a notification names what waits', () => {
    const store = createAppStore(initialState(info));
    const written: string[] = [];
    const stop = watchAttention({ store, style: 'osc777', focused: () => false, write: (s) => written.push(s) });
    store.setState({ approvals: [{ runId: 'r1', approvalId: 'a1', toolCallId: 't1', name: 'bash', input: {}, summary: 'make test', alwaysScope: '' }] as never });
    stop();
    expect(written).toEqual(['\x1b]777;notify;rein;waiting for approval: bash make test\x07']);
  });
});
