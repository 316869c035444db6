// Configurable global keys (agent.config.json `keys`) and the mouse wheel over the transcript.
import { afterEach, describe, expect, it } from 'vitest';
import { stripVTControlCharacters } from 'node:util';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isKeyProblem, parseKeySpec, resolveKeyBindings, type KeyBindings } from '../../source/config/keys.js';
import { readConfigFile } from '../../source/config/fileLayer.js';
import { keyHelpFor } from '../../hooks/keymap.js';
import { helpCommandFor } from '../../source/commands/help.js';
import type { CommandContext } from '../../source/commands/slashCommand.js';
import { createKeyChunker, mouseEvent, noKey } from '../../hooks/keyChunks.js';
import { ticks } from '../support/fakeSession.js';
import { keys, renderApp, type AppHarness } from './harness.js';

const plain = (frame: string): string => stripVTControlCharacters(frame);
const promptRow = (frame: string): string => plain(frame).split('\n').filter((line) => line.startsWith('❯')).at(-1)?.trimEnd() ?? '';
const wheel = (direction: 'up' | 'down', column: number, row: number): string => `\x1b[<${direction === 'up' ? 64 : 65};${column};${row}M`;

function bindings(configured: Record<string, string | string[]>): KeyBindings {
  const resolved = resolveKeyBindings(configured);
  if (isKeyProblem(resolved)) throw new Error(resolved.problem);
  return resolved;
}

describe('key specs', () => {
  it('reads ctrl, alt and shift spellings and rejects keys a terminal cannot tell apart or that typing needs', () => {
    expect(parseKeySpec('Ctrl+S')).toEqual({ key: 's', ctrl: true, meta: false, shift: false });
    expect(parseKeySpec('alt+o')).toEqual({ key: 'o', ctrl: false, meta: true, shift: false });
    expect(parseKeySpec('shift+tab')).toEqual({ key: 'tab', ctrl: false, meta: false, shift: true });
    expect(parseKeySpec('ctrl+')).toMatch(/names no key/);
    expect(parseKeySpec('hyper+x')).toMatch(/unknown modifier "hyper"/);
    expect(parseKeySpec('x')).toMatch(/add ctrl or alt/);
    expect(parseKeySpec('ctrl+1')).toMatch(/Ctrl goes with a letter/);
    expect(parseKeySpec('ctrl+c')).toMatch(/cannot be bound: it interrupts/);
    expect(parseKeySpec('ctrl+a')).toMatch(/prompt uses it/);
  });

  it('moves the sidebar off tmux’s prefix and refuses one key for two actions', () => {
    const defaults = bindings({});
    expect(defaults.toggleSidebar).toEqual([{ key: 'y', ctrl: true, meta: false, shift: false }]);
    expect(new Map(keyHelpFor(defaults)).get('Ctrl+Y')).toBe('show or hide the sidebar');
    expect(new Map(keyHelpFor(bindings({ toggleSidebar: 'ctrl+s' }))).get('Ctrl+S')).toBe('show or hide the sidebar');
    const clash = resolveKeyBindings({ toggleSidebar: 'ctrl+t' });
    expect(isKeyProblem(clash) && clash).toEqual({ path: 'toggleSidebar', problem: '"ctrl+t" is already bound to openTasks by default' });
  });

  it('/help lists the keys as they are bound', async () => {
    const printed: string[] = [];
    const ctx = { commands: [], print: (text: string) => printed.push(text) } as unknown as CommandContext;
    await helpCommandFor(bindings({ toggleSidebar: 'ctrl+s', expandAll: [] })).run(ctx, '');
    expect(printed.join('\n')).toContain('  Ctrl+S: show or hide the sidebar');
    expect(printed.join('\n')).toContain('  Ctrl+O / unbound: expand or collapse');
  });

  it('a bad key in agent.config.json stops with one message naming the file and the path', () => {
    const dir = mkdtempSync(join(tmpdir(), 'rein-keys-'));
    try {
      const file = join(dir, 'agent.config.json');
      writeFileSync(file, '{ "keys": { "toggleSidebar": ["ctrl+s", "ctrl+"] } }');
      expect(() => readConfigFile(file, {})).toThrow(`Invalid config in ${file} at /keys/toggleSidebar/1: "ctrl+" names no key`);
      writeFileSync(file, '{ "keys": { "toggleSidebars": "ctrl+s" } }');
      expect(() => readConfigFile(file, {})).toThrow(/toggleSidebars/);
      writeFileSync(file, '{ "keys": { "toggleSidebar": "ctrl+s" }, "mouse": false }');
      expect(readConfigFile(file, {})).toEqual({ keys: { toggleSidebar: 'ctrl+s' }, mouse: false });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('global keys in the app', () => {
  let h: AppHarness;
  afterEach(() => h.cleanup());

  it('Ctrl+Y toggles the sidebar by default; Ctrl+B no longer does', async () => {
    h = await renderApp({ columns: 120, rows: 24 });
    await h.press(keys.ctrl('b'));
    expect(h.lastFrame()).toContain('Todos 0/0');
    await h.press(keys.ctrl('y'));
    expect(h.lastFrame()).not.toContain('Todos 0/0');
  });

  it('a remapped key toggles the sidebar and the old one is free again', async () => {
    h = await renderApp({ columns: 120, rows: 24, keys: bindings({ toggleSidebar: 'ctrl+s', expandAll: [] }) });
    await h.press(keys.ctrl('y'));
    expect(h.lastFrame()).toContain('Todos 0/0');
    await h.press(keys.ctrl('s'));
    expect(h.lastFrame()).not.toContain('Todos 0/0');
    await h.press(keys.ctrl('s'));
    expect(h.lastFrame()).toContain('Todos 0/0');
  });
});

describe('mouse reports', () => {
  it('are wheel notches or nothing, never keys', () => {
    expect(mouseEvent('[<64;10;5M')).toEqual({ kind: 'wheel', direction: 'up', column: 10, row: 5 });
    expect(mouseEvent('[<65;1;2M')).toEqual({ kind: 'wheel', direction: 'down', column: 1, row: 2 });
    // Shift (4), Ctrl (16) with the wheel still scroll; clicks, releases and drags are dropped.
    expect(mouseEvent('[<80;3;3M')).toMatchObject({ direction: 'up' });
    expect(mouseEvent('[<0;3;3M')).toBeNull();
    expect(mouseEvent('[<0;3;3m')).toBeNull();
    expect(mouseEvent('[<32;3;3M')).toBeNull();
    expect(mouseEvent('[<64;3')).toBeUndefined();
    const chunk = createKeyChunker();
    expect(chunk('[<0;3;3M', noKey)).toEqual([]);
    // Inside a bracketed paste the same characters are pasted text.
    expect(chunk('[200~', noKey)).toEqual([]);
    expect(chunk('[<0;3;3M', noKey)).toEqual([]);
    expect(chunk('[201~', noKey)).toEqual([{ kind: 'paste', text: '[<0;3;3M' }]);
  });

  it('legacy reports (ESC[M and three bytes, from terminals without SGR) are read too, and typing after them stays typing', () => {
    const chunk = createKeyChunker();
    // Wheel up (96 = 32 + 64) at column 10, row 5; Ink hands over "[M" and the bytes as text.
    expect(chunk('[M', noKey)).toEqual([]);
    expect(chunk('`*%', noKey)).toEqual([{ kind: 'wheel', direction: 'up', column: 10, row: 5 }]);
    // A press (32 + 0) split across reads, then typed text in the same read.
    expect(chunk('[M', noKey)).toEqual([]);
    expect(chunk(' *', noKey)).toEqual([]);
    expect(chunk('%hi', noKey)).toEqual([{ kind: 'key', input: 'hi', key: noKey }]);
  });

  let h: AppHarness;
  afterEach(() => h?.cleanup());

  it('the wheel over the transcript scrolls it; over the sidebar or the prompt it does not; nothing reaches the prompt', async () => {
    h = await renderApp({ columns: 120, rows: 20 });
    for (let i = 0; i < 40; i++) h.session.emit({ type: 'warning', message: `warning number ${i}` });
    await ticks();
    expect(plain(h.lastFrame())).toContain('warning number 39');
    // The sidebar starts at column 120 - 33 = 87 (1-based 88); the prompt is near the bottom.
    await h.press(wheel('up', 100, 3), wheel('up', 10, 18));
    expect(plain(h.lastFrame())).not.toContain('Scrolled up');
    await h.press(wheel('up', 10, 3));
    expect(plain(h.lastFrame())).toContain('↑ Scrolled up 3 lines');
    await h.press(wheel('up', 10, 3), wheel('up', 10, 3));
    expect(plain(h.lastFrame())).toContain('↑ Scrolled up 9 lines');
    expect(plain(h.lastFrame())).not.toContain('warning number 39');
    await h.press(wheel('down', 10, 3));
    expect(plain(h.lastFrame())).toContain('↑ Scrolled up 6 lines');
    await h.press(wheel('down', 10, 3), wheel('down', 10, 3));
    expect(plain(h.lastFrame())).not.toContain('Scrolled up');
    expect(plain(h.lastFrame())).toContain('warning number 39');
    // A click and a release: dropped, not typed.
    await h.press('\x1b[<0;10;3M', '\x1b[<0;10;3m');
    expect(promptRow(h.lastFrame())).toBe('❯  Type a message, / for commands, /help for keys');
  });
});
