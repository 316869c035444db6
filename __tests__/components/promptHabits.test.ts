// The prompt habits from other terminal agents: Ctrl+R reverse search, large pastes as placeholders, Ctrl+G's editor.
import { afterEach, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Key } from 'ink';
import { noKey, createKeyChunker } from '../../hooks/keyChunks.js';
import { searchKey, searchLine, startSearch, type HistorySearch, type SearchStep } from '../../hooks/historySearch.js';
import { collapsePaste, expandPastes, isLargePaste, noPastes, placeholderEndingAt } from '../../hooks/pastedText.js';
import { createPromptController, type PromptController } from '../../hooks/promptController.js';
import { editInEditor, editorCommand } from '../../hooks/externalEditor.js';
import type { TerminalHandover } from '../../hooks/terminalHandover.js';
import { userToLines } from '../../components/view/messageLines.js';
import { toggleExpand } from '../../source/store/localActions.js';
import type { AppState, UserItem } from '../../source/store/state.js';

const k = (over: Partial<Key>): Key => ({ ...noKey, ...over });
const ctrl = (letter: string): [string, Key] => [letter, k({ ctrl: true })];
const history = ['alpha one', 'beta two', 'Alpha three', 'gamma'];
const original = { text: 'draft', cursor: 5, draft: '' };

function steps(keys: Array<[string, Key]>): SearchStep {
  let search: HistorySearch = startSearch(original);
  let step: SearchStep = { kind: 'search', search };
  for (const [input, key] of keys) {
    step = searchKey(search, input, key, history);
    if (step.kind === 'done') return step;
    search = step.search;
  }
  return step;
}

describe('Ctrl+R search reducer', () => {
  it('typing finds the newest match, case-insensitively, and Ctrl+R goes to the next older one', () => {
    expect(steps([['alp', noKey]])).toMatchObject({ kind: 'search', search: { query: 'alp', match: 2, failed: false } });
    expect(steps([['a', noKey], ['l', noKey], ctrl('r')])).toMatchObject({ search: { match: 0, failed: false } });
    // No older match: the last one stays shown and the search says it failed.
    const end = steps([['alp', noKey], ctrl('r'), ctrl('r')]);
    expect(end).toMatchObject({ search: { match: 0, failed: true } });
    expect(searchLine((end as { search: HistorySearch }).search)).toContain('no older prompt has "alp"');
  });

  it('Ctrl+R passes over entries with the same words as the one shown', () => {
    const repeated = ['alpha two', 'alpha one', 'beta', 'alpha one'];
    const first = searchKey(startSearch(original), 'alpha', noKey, repeated);
    expect(first).toMatchObject({ search: { match: 3 } });
    expect(searchKey((first as { search: HistorySearch }).search, ...ctrl('r'), repeated)).toMatchObject({ search: { match: 0 } });
  });

  it('typing narrows from the entry shown; Backspace widens from the newest again', () => {
    expect(steps([['a', noKey]])).toMatchObject({ search: { match: 3 } });
    expect(steps([['a', noKey], ['l', noKey]])).toMatchObject({ search: { match: 2 } });
    expect(steps([['alp', noKey], ['x', noKey]])).toMatchObject({ search: { query: 'alpx', match: 2, failed: true } });
    expect(steps([['alpx', noKey], ['', k({ backspace: true })]])).toMatchObject({ search: { query: 'alp', match: 2, failed: false } });
  });

  it('Enter accepts the match with the cursor at the found words; Esc and Ctrl+G restore the prompt', () => {
    expect(steps([['two', noKey], ['\r', k({ return: true })]])).toEqual({ kind: 'done', editor: { text: 'beta two', cursor: 5, draft: '' } });
    expect(steps([['two', noKey], ['', k({ escape: true })]])).toEqual({ kind: 'done', editor: original });
    expect(steps([['two', noKey], ctrl('g')])).toEqual({ kind: 'done', editor: original });
    // Nothing typed yet: Enter keeps the prompt as it was.
    expect(steps([['\r', k({ return: true })]])).toEqual({ kind: 'done', editor: original });
  });

  it('another key takes the match and acts on the prompt too', () => {
    expect(steps([['gam', noKey], ['', k({ rightArrow: true })]])).toEqual({ kind: 'done', editor: { text: 'gamma', cursor: 0, draft: '' }, replay: true });
  });
});

describe('pasted text', () => {
  it('collapses more than 8 lines or 800 characters, and expands only intact placeholders', () => {
    const lines = Array.from({ length: 200 }, (_, i) => `row ${i + 1}`).join('\n');
    expect(isLargePaste('a\n'.repeat(8))).toBe(false);
    expect(isLargePaste('a\n'.repeat(9))).toBe(true);
    expect(isLargePaste('x'.repeat(799))).toBe(false);
    expect(isLargePaste('x'.repeat(800))).toBe(true);
    const first = collapsePaste(noPastes, lines);
    expect(first.insert).toBe('[Pasted text #1 +200 lines]');
    const second = collapsePaste(first.pastes, 'y'.repeat(900));
    expect(second.insert).toBe('[Pasted text #2 +900 chars]');
    const typed = `see ${first.insert} and ${second.insert} and [Pasted text #1 +3 lines]`;
    expect(expandPastes(typed, second.pastes)).toBe(`see ${lines} and ${'y'.repeat(900)} and [Pasted text #1 +3 lines]`);
    expect(placeholderEndingAt(`see ${first.insert}`, 4 + first.insert.length, first.pastes)).toBe(4);
    expect(placeholderEndingAt(`see ${first.insert}`, 3 + first.insert.length, first.pastes)).toBeUndefined();
  });
});

describe('prompt controller', () => {
  let dir: string;
  let prompt: PromptController;
  let sent: string[];
  const open = (handover?: TerminalHandover): void => {
    dir = mkdtempSync(join(tmpdir(), 'rein-habits-'));
    const file = join(dir, 'history.jsonl');
    writeFileSync(file, history.map((text) => `${JSON.stringify({ text })}\n`).join(''));
    sent = [];
    prompt = createPromptController(file, { commands: [], onSubmit: (text) => sent.push(text), handover });
  };
  const type = (text: string): void => {
    for (const ch of text) prompt.handleKey(ch, noKey);
  };
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('a large paste shows as a placeholder, is sent whole, and Backspace removes it whole', () => {
    open();
    const pasted = Array.from({ length: 200 }, (_, i) => `row ${i + 1}`).join('\r\n');
    type('look: ');
    prompt.handleKey(pasted, noKey, true);
    expect(prompt.view().editor.text).toBe('look: [Pasted text #1 +200 lines]');
    prompt.handleKey('', k({ backspace: true }));
    expect(prompt.text()).toBe('look: ');
    prompt.handleKey(pasted, noKey, true);
    expect(prompt.text()).toBe('look: [Pasted text #2 +200 lines]');
    prompt.handleKey('\r', k({ return: true }));
    expect(sent).toEqual([`look: ${pasted.replace(/\r\n/g, '\n')}`]);
    // A small paste is text as before.
    prompt.handleKey('two\nlines', noKey, true);
    expect(prompt.text()).toBe('two\nlines');
  });

  it('Ctrl+R shows the match and the search line, owns the keys, and Esc restores the draft', () => {
    open();
    type('draft');
    prompt.handleKey(...ctrl('r'));
    expect(prompt.searching()).toBe(true);
    type('beta');
    expect(prompt.view()).toMatchObject({ editor: { text: 'beta two', cursor: 0 }, note: 'reverse search: "beta" · Ctrl+R older · Esc cancel' });
    prompt.handleKey('', k({ escape: true }));
    expect(prompt.searching()).toBe(false);
    expect(prompt.view().editor.text).toBe('draft');
    expect(prompt.view().note).toBeUndefined();
    prompt.handleKey(...ctrl('r'));
    type('gam');
    prompt.handleKey('\r', k({ return: true }));
    expect(prompt.text()).toBe('gamma');
    expect(sent).toEqual([]);
  });

  it('Ctrl+G hands the terminal over, runs the editor on the full text and reads the file back', async () => {
    const calls: string[] = [];
    open({ suspend: () => (calls.push('suspend'), () => calls.push('resume')) });
    const before = { VISUAL: process.env.VISUAL, EDITOR: process.env.EDITOR };
    // The editor appends to what it was given, so the test sees both the text going in and the text coming back.
    process.env.VISUAL = `sh -c 'printf " and more" >> "$1"' --`;
    try {
      type('start ');
      prompt.handleKey('a\n'.repeat(20), noKey, true);
      const changed = new Promise<void>((done) => prompt.subscribe(() => prompt.text().endsWith('more') && done()));
      prompt.handleKey(...ctrl('g'));
      await changed;
      expect(prompt.text()).toBe(`start ${'a\n'.repeat(20)} and more`);
      expect(calls).toEqual(['suspend', 'resume']);
    } finally {
      Object.assign(process.env, before);
      if (before.VISUAL === undefined) delete process.env.VISUAL;
    }
  });

  it('Ctrl+G without a terminal to hand over says so and leaves the prompt alone', () => {
    open();
    type('keep me');
    prompt.handleKey(...ctrl('g'));
    expect(prompt.view()).toMatchObject({ editor: { text: 'keep me' }, note: expect.stringContaining('full screen') });
    type('!');
    expect(prompt.view().note).toBeUndefined();
  });
});

describe('the editor', () => {
  const handover: TerminalHandover = { suspend: () => () => undefined };

  it('prefers $VISUAL, then $EDITOR, then vi', () => {
    expect(editorCommand({ VISUAL: 'code --wait', EDITOR: 'nano' })).toBe('code --wait');
    expect(editorCommand({ EDITOR: 'nano' })).toBe('nano');
    expect(editorCommand({ VISUAL: ' ' })).toBe('vi');
  });

  it('a missing or failing editor leaves one sentence and no text', async () => {
    const missing = await editInEditor('x', handover, { ...process.env, VISUAL: 'no-such-editor-here' });
    expect(missing).toMatchObject({ kind: 'failed', message: expect.stringContaining('command not found') });
    const failing = await editInEditor('x', handover, { ...process.env, VISUAL: 'false' });
    expect(failing).toMatchObject({ kind: 'failed', message: expect.stringContaining('exit code 1') });
  });
});

describe('a long user message in the transcript', () => {
  const text = Array.from({ length: 200 }, (_, i) => `row ${i + 1}`).join('\n');
  const item: UserItem = { kind: 'user', id: 'user-1', done: true, text };

  it('shows its first lines and the count of the rest until Ctrl+O expands it', () => {
    const collapsed = userToLines(item, 60).map((line) => line.replace(/\x1b\[[0-9;]*m/g, ''));
    expect(collapsed).toEqual(['❯ row 1', '  row 2', '  … +198 lines (Ctrl+O to expand)']);
    const state = { transcript: [item] } as unknown as AppState;
    const expanded = toggleExpand(state, 'last').transcript[0] as UserItem;
    expect(expanded.expanded).toBe(true);
    expect(userToLines(expanded, 60)).toHaveLength(200);
    expect((toggleExpand(state, 'all').transcript[0] as UserItem).expanded).toBe(true);
    // A short message has nothing to expand.
    const short = { transcript: [{ ...item, text: 'hi' }] } as unknown as AppState;
    expect(toggleExpand(short, 'last')).toBe(short);
  });
});

describe('key chunks', () => {
  it('drops cursor position reports that arrive after an editor exits', () => {
    const chunk = createKeyChunker();
    expect(chunk('[2;2R', noKey)).toEqual([]);
    expect(chunk('x', noKey)).toEqual([{ kind: 'key', input: 'x', key: noKey }]);
  });
});
