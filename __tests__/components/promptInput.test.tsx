// Prompt tests: editing rules, newlines, paste, history and its file, queueing during a run.
import { afterEach, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import type { Key } from 'ink';
import { editPrompt, emptyEditor, type EditorState } from '../../hooks/promptEditor.js';
import { appendHistory, historyLimit, loadHistory } from '../../hooks/promptHistory.js';
import { layoutPrompt, promptTextRows } from '../../components/view/bottomLines.js';
import { FakeSession, runEnd } from '../support/fakeSession.js';
import { keys, renderApp, type AppHarness } from './harness.js';

const noKey: Key = {
  upArrow: false, downArrow: false, leftArrow: false, rightArrow: false, pageDown: false, pageUp: false, home: false, end: false,
  return: false, escape: false, ctrl: false, shift: false, tab: false, backspace: false, delete: false, meta: false,
  super: false, hyper: false, capsLock: false, numLock: false,
};
const k = (over: Partial<Key>): Key => ({ ...noKey, ...over });
const at = (text: string, cursor = text.length): EditorState => ({ text, cursor, draft: '' });

describe('prompt editing rules', () => {
  it('inserts, moves and deletes', () => {
    let s = editPrompt(emptyEditor, 'a', noKey, []).state;
    s = editPrompt(s, 'c', noKey, []).state;
    s = editPrompt(s, '', k({ leftArrow: true }), []).state;
    s = editPrompt(s, 'b', noKey, []).state;
    expect(s).toMatchObject({ text: 'abc', cursor: 2 });
    s = editPrompt(s, '', k({ backspace: true }), []).state;
    expect(s).toMatchObject({ text: 'ac', cursor: 1 });
    s = editPrompt(s, 'd', k({ ctrl: true }), []).state; // Ctrl+D deletes forward when not empty
    expect(s).toMatchObject({ text: 'a', cursor: 1 });
  });

  it('Ctrl+A/E, Ctrl+U/K/W edit within the current line', () => {
    expect(editPrompt(at('one two'), 'a', k({ ctrl: true }), []).state.cursor).toBe(0);
    expect(editPrompt(at('one two', 0), 'e', k({ ctrl: true }), []).state.cursor).toBe(7);
    expect(editPrompt(at('one two', 4), 'u', k({ ctrl: true }), []).state).toMatchObject({ text: 'two', cursor: 0 });
    expect(editPrompt(at('one two', 3), 'k', k({ ctrl: true }), []).state).toMatchObject({ text: 'one', cursor: 3 });
    expect(editPrompt(at('one two three'), 'w', k({ ctrl: true }), []).state).toMatchObject({ text: 'one two ', cursor: 8 });
    expect(editPrompt(at('ab\ncd', 4), 'u', k({ ctrl: true }), []).state).toMatchObject({ text: 'ab\nd', cursor: 3 });
  });

  it('Enter submits; Ctrl+J, Alt+Enter and a trailing backslash insert a newline', () => {
    expect(editPrompt(at('hi'), '\r', k({ return: true }), []).submit).toBe('hi');
    expect(editPrompt(at('hi'), '\n', noKey, [])).toMatchObject({ state: { text: 'hi\n' } });
    expect(editPrompt(at('hi'), '\r', k({ return: true, meta: true }), []).state.text).toBe('hi\n');
    const slash = editPrompt(at('hi\\'), '\r', k({ return: true }), []);
    expect(slash.submit).toBeUndefined();
    expect(slash.state.text).toBe('hi\n');
  });

  it('treats a multi-character chunk with line breaks as pasted text that never submits', () => {
    const r = editPrompt(at('x'), 'line one\r\nline two\rline three\n', noKey, []);
    expect(r.submit).toBeUndefined();
    expect(r.state.text).toBe('xline one\nline two\nline three\n');
  });

  it('Up/Down move between lines first, then browse history, restoring the draft', () => {
    const history = ['first', 'second'];
    let s = at('draft');
    s = editPrompt(s, '', k({ upArrow: true }), history).state;
    expect(s.text).toBe('second');
    s = editPrompt(s, '', k({ upArrow: true }), history).state;
    expect(s.text).toBe('first');
    s = editPrompt(s, '', k({ downArrow: true }), history).state;
    s = editPrompt(s, '', k({ downArrow: true }), history).state;
    expect(s.text).toBe('draft');
    const multi = editPrompt(at('ab\ncd'), '', k({ upArrow: true }), history).state;
    expect(multi).toMatchObject({ text: 'ab\ncd', cursor: 2 });
  });

  it('wraps long prompts and tracks the cursor row', () => {
    const rows = layoutPrompt('abcdefgh\nxy', 9, 6);
    expect(rows.map((r) => r.text)).toEqual(['abcd', 'efgh', 'xy']);
    expect(rows.findIndex((r) => r.cursor !== undefined)).toBe(2);
  });

  it('counts the rows the layout makes without building them, up to the most the prompt shows', () => {
    const texts = ['', 'abcd', 'abcde', 'abcdefgh\nxy', '\n\n', 'a\n\nbcdefghij\n', 'x'.repeat(41)];
    for (const text of texts) {
      for (const width of [1, 3, 6, 12]) {
        for (const maxRows of [1, 2, 8]) expect(promptTextRows(text, width, maxRows)).toBe(Math.min(maxRows, layoutPrompt(text, 0, width).length));
      }
    }
  });
});

describe('prompt history file', () => {
  let dir: string;
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('persists entries as JSON lines, skips bad lines and caps at the limit', () => {
    dir = mkdtempSync(join(tmpdir(), 'rein-hist-'));
    const file = join(dir, 'nested', 'prompt-history.jsonl');
    appendHistory(file, 'one', []);
    appendHistory(file, 'two\nlines', ['one']);
    expect(loadHistory(file)).toEqual(['one', 'two\nlines']);
    writeFileSync(file, `${readFileSync(file, 'utf8')}{broken\n`);
    expect(loadHistory(file)).toEqual(['one', 'two\nlines']);
    const many = Array.from({ length: historyLimit }, (_, i) => `p${i}`);
    writeFileSync(file, many.map((text) => JSON.stringify({ text })).join('\n') + '\n');
    appendHistory(file, 'newest', many);
    const loaded = loadHistory(file);
    expect(loaded).toHaveLength(historyLimit);
    expect(loaded.at(-1)).toBe('newest');
    expect(readFileSync(file, 'utf8').trim().split('\n')).toHaveLength(historyLimit);
  });
});

describe('PromptInput in the app', () => {
  let h: AppHarness;
  afterEach(() => h.cleanup());

  it('sends on Enter and shows typed text with a cursor', async () => {
    h = await renderApp();
    await h.type('hello');
    expect(h.lastFrame()).toContain('❯ hello');
    await h.press(keys.enter);
    await h.bridge.idle();
    expect(h.session.prompts).toEqual(['hello']);
  });

  it('inserts a newline with Ctrl+J and with \\ + Enter instead of sending', async () => {
    h = await renderApp();
    await h.type('one');
    await h.press('\n');
    await h.type('two\\');
    await h.press(keys.enter);
    await h.type('three');
    const frame = h.lastFrame();
    expect(frame).toContain('❯ one');
    expect(frame).toContain('  two');
    expect(frame).toContain('  three');
    expect(h.session.prompts).toEqual([]);
    await h.press(keys.enter);
    await h.bridge.idle();
    expect(h.session.prompts).toEqual(['one\ntwo\nthree']);
  });

  it('pasted text with newlines is inserted, not sent', async () => {
    h = await renderApp();
    await h.press('first line\r\nsecond line\r');
    expect(h.session.prompts).toEqual([]);
    expect(h.lastFrame()).toContain('second line');
    await h.press(keys.enter);
    await h.bridge.idle();
    expect(h.session.prompts).toEqual(['first line\nsecond line\n']);
  });

  it('browses history with Up/Down and persists it across sessions', async () => {
    h = await renderApp();
    await h.type('alpha');
    await h.press(keys.enter);
    await h.type('beta');
    await h.press(keys.enter);
    await h.bridge.idle();
    expect(loadHistory(h.historyFile)).toEqual(['alpha', 'beta']);
    const file = h.historyFile;
    const again = await renderApp({ historyFile: file });
    try {
      await again.press(keys.up);
      expect(again.lastFrame()).toContain('❯ beta');
      await again.press(keys.up);
      expect(again.lastFrame()).toContain('❯ alpha');
      await again.press(keys.down, keys.down);
      expect(again.lastFrame()).not.toContain('❯ alpha');
      expect(again.lastFrame()).not.toContain('❯ beta');
    } finally {
      again.unmount();
      again.bridge.dispose();
    }
  });

  it('editing keys: left, backspace, Ctrl+A and Ctrl+K', async () => {
    h = await renderApp();
    await h.type('hello world');
    await h.press(keys.left, keys.left, keys.backspace);
    expect(stripVTControlCharacters(h.lastFrame())).toContain('❯ hello wold');
    // The cursor stays an inverse cell even with colours off, so it is visible on a space too.
    expect(h.lastFrame()).toContain('❯ hello wo\x1b[7ml\x1b[27md');
    await h.type(' ');
    expect(h.lastFrame()).toContain('❯ hello wo \x1b[7ml\x1b[27md');
    await h.press(keys.backspace);
    await h.press(keys.ctrl('a'), keys.right, keys.right, keys.right, keys.right, keys.right, keys.ctrl('k'));
    expect(h.lastFrame()).toContain('❯ hello');
    expect(h.lastFrame()).not.toContain('wold');
  });

  it('while a run is active typing works and Enter queues the message', async () => {
    const session = new FakeSession();
    let release!: () => void;
    session.script({ type: 'run_start', sessionId: 's1', runId: 'r1', prompt: 'long' }, { wait: 'promise', promise: new Promise((r) => (release = () => r(undefined))) }, runEnd('r1', 'done'));
    h = await renderApp({ session });
    await h.type('long');
    await h.press(keys.enter);
    await h.type('next one');
    await h.press(keys.enter);
    expect(h.lastFrame()).toContain('queued: next one');
    expect(h.session.prompts).toEqual(['long']);
    release();
    await h.bridge.idle();
    expect(h.session.prompts).toEqual(['long', 'next one']);
  });
});
