// A collapsed tool output states its real size: the rows held back and the lines the runner cut and saved.
import { afterEach, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { truncateToolOutput } from '../../source/tools/truncate.js';
import { outputCut, toolToLines } from '../../components/view/toolLines.js';
import type { ToolItem } from '../../source/store/state.js';
import { ticks } from '../support/fakeSession.js';
import { renderApp, type AppHarness } from './harness.js';

let h: AppHarness | undefined;
const dirs: string[] = [];
afterEach(() => {
  h?.cleanup();
  h = undefined;
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('collapsed tool output', () => {
  it('for `seq 1 50000` says how many lines there are in all, how many were cut and where the whole output is', async () => {
    const sessionDir = mkdtempSync(join(tmpdir(), 'rein-out-'));
    dirs.push(sessionDir);
    const output = Array.from({ length: 50_000 }, (_, i) => String(i + 1)).join('\n');
    const { content, savedPath } = await truncateToolOutput(output, { sessionDir, toolCallId: 'c1' });
    expect(savedPath).toBeDefined();
    expect(readFileSync(savedPath!, 'utf8').split('\n')).toHaveLength(50_000);
    expect(outputCut(content)).toEqual({ lines: 49_000, savedAt: savedPath });

    h = await renderApp({ columns: 200, rows: 30 });
    h.session.emit({ type: 'tool_start', runId: 'r1', toolCallId: 'c1', name: 'bash', input: { command: 'seq 1 50000' }, summary: 'seq 1 50000' });
    h.session.emit({ type: 'tool_end', runId: 'r1', toolCallId: 'c1', name: 'bash', result: { content, display: { kind: 'text', text: content }, isError: false }, durationMs: 30 });
    await ticks();
    const screen = stripVTControlCharacters(h.lastFrame());
    // 4 lines shown of 50,000: 49,996 more, of which 996 are kept for Ctrl+O and 49,000 only in the saved file.
    expect(screen).toContain(`… +49,996 lines: Ctrl+O shows 996 of them, 49,000 were cut; all of it is in ${savedPath}`);
  });

  it('without a cut by the runner keeps the short hint', async () => {
    h = await renderApp({ columns: 100, rows: 30 });
    const text = Array.from({ length: 12 }, (_, i) => `file${i}`).join('\n');
    h.session.emit({ type: 'tool_start', runId: 'r1', toolCallId: 'c1', name: 'bash', input: { command: 'ls' }, summary: 'ls' });
    h.session.emit({ type: 'tool_end', runId: 'r1', toolCallId: 'c1', name: 'bash', result: { content: text, display: { kind: 'text', text }, isError: false }, durationMs: 30 });
    await ticks();
    expect(stripVTControlCharacters(h.lastFrame())).toContain('… +8 lines (Ctrl+O to expand)');
  });

  // The hint counts lines of output, not screen rows: the figure is the same at every width.
  const done = (text: string, extra: Partial<ToolItem> = {}): ToolItem => ({
    kind: 'tool', id: 'c1', done: true, runId: 'r1', messageId: 'm1', name: 'bash', summary: 'x', status: 'done', progress: [], expanded: false,
    display: { kind: 'text', text }, ...extra,
  });
  const hintOf = (item: ToolItem, width: number): string => {
    const lines = toolToLines(item, width, '⠋').map((line) => stripVTControlCharacters(line).trim());
    return lines.slice(lines.findIndex((line) => line.startsWith('…'))).join(' ');
  };

  it('for `seq 1 50000` gives the same count at 200, 80, 60 and 40 columns', async () => {
    const sessionDir = mkdtempSync(join(tmpdir(), 'rein-out-'));
    dirs.push(sessionDir);
    const output = Array.from({ length: 50_000 }, (_, i) => String(i + 1)).join('\n');
    const { content } = await truncateToolOutput(output, { sessionDir, toolCallId: 'c1' });
    for (const width of [200, 80, 60, 40]) {
      expect(hintOf(done(content), width), `at ${width} columns`).toMatch(/^… \+49,996 lines: Ctrl\+O shows 996 of them, 49,000 were cut; all of it is in /);
    }
  });

  it('counts a long line that wraps into several rows once', () => {
    const text = ['short', 'x'.repeat(300), 'a', 'b', 'y'.repeat(300), 'c', 'd'].join('\n');
    // At 40 columns the second line wraps into 9 rows, so the 4 rows shown are "short" and the first 3 of it.
    expect(hintOf(done(text), 40)).toBe('… +5 lines (Ctrl+O to expand)');
    // At 200 columns it is one row and the 300-character one two: "a" is the fourth row shown.
    expect(hintOf(done(text), 200)).toBe('… +4 lines (Ctrl+O to expand)');
  });

  it('when only the rest of one long line is held back, says so without a count of zero lines', () => {
    expect(hintOf(done('z'.repeat(1000)), 60)).toBe('… (Ctrl+O to expand)');
  });

  it('counts a diff in lines, however its rows wrap', () => {
    const diff = ['@@ -1,20 +1,20 @@', ...Array.from({ length: 20 }, (_, i) => `+${'w'.repeat(i === 19 ? 200 : 5)}`)].join('\n');
    const item = done('', { name: 'edit_file', display: { kind: 'diff', path: 'a.ts', diff, created: false } });
    // 16 rows shown: the head, the hunk line and 14 added lines; the last line wraps into 4 rows at 60 columns.
    for (const width of [60, 250]) expect(hintOf(item, width), `at ${width} columns`).toBe('… +6 lines (Ctrl+O to expand)');
  });
});
