// Keys read from the terminal in one chunk act one by one, in order; only a bracketed paste (or text with line breaks inside) is a paste.
import { afterEach, describe, expect, it } from 'vitest';
import { stripVTControlCharacters } from 'node:util';
import { renderApp, type AppHarness } from './harness.js';

const promptRow = (frame: string): string =>
  stripVTControlCharacters(frame)
    .split('\n')
    .filter((line) => line.startsWith('❯'))
    .at(-1)
    ?.trimEnd() ?? '';

describe('keys arriving together in one read', () => {
  let h: AppHarness;
  afterEach(() => h.cleanup());

  it('text, Backspace and more text in one chunk edit in order', async () => {
    h = await renderApp();
    await h.press('abc\x7fd');
    expect(promptRow(h.lastFrame())).toBe('❯ abd');
    await h.press('\x08\x08x');
    expect(promptRow(h.lastFrame())).toBe('❯ ax');
  });

  it('two Backspaces or two Ctrl+W in one chunk both act', async () => {
    h = await renderApp();
    await h.type('one two three four');
    await h.press('\x7f\x7f');
    expect(promptRow(h.lastFrame())).toBe('❯ one two three fo');
    await h.press('\x17\x17');
    expect(promptRow(h.lastFrame())).toBe('❯ one two');
  });

  it('Ctrl+U followed by text in one chunk clears, then types', async () => {
    h = await renderApp();
    await h.type('wrong words');
    await h.press('\x15right');
    expect(promptRow(h.lastFrame())).toBe('❯ right');
  });

  it('text and Enter in one chunk sends the text; a chunk with a line break inside is pasted, not sent', async () => {
    h = await renderApp();
    await h.press('hi\r');
    await h.bridge.idle();
    expect(h.session.prompts).toEqual(['hi']);
    await h.press('first\rsecond');
    expect(h.session.prompts).toEqual(['hi']);
    expect(stripVTControlCharacters(h.lastFrame())).toContain('❯ first');
    expect(stripVTControlCharacters(h.lastFrame())).toContain('  second');
  });

  it('a bracketed paste is inserted as text: its line breaks never send and its control bytes do nothing', async () => {
    h = await renderApp();
    await h.type('x');
    await h.press('\x1b[200~one\rtwo\x7f\x15\r\x1b[201~');
    expect(h.session.prompts).toEqual([]);
    const frame = stripVTControlCharacters(h.lastFrame());
    expect(frame).toContain('❯ xone');
    expect(frame).toContain('  two');
    // A paste split across reads is still one paste.
    await h.press('\x1b[200~three', '\rfour\x1b[201~');
    expect(h.session.prompts).toEqual([]);
    expect(stripVTControlCharacters(h.lastFrame())).toContain('four');
    await h.press('\r');
    await h.bridge.idle();
    expect(h.session.prompts).toEqual(['xone\ntwo\nthree\nfour']);
  });
});
