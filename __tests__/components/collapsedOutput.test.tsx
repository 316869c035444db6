// A collapsed tool output states its real size: the rows held back and the lines the runner cut and saved.
import { afterEach, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { truncateToolOutput } from '../../source/tools/truncate.js';
import { outputCut } from '../../components/view/toolLines.js';
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
});
