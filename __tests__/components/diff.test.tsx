// Diff rendering tests: colours, wrapping, cutting, and diff results of file tools.
import { afterEach, describe, expect, it, vi } from 'vitest';
import React from 'react';
import { stripVTControlCharacters } from 'node:util';
import { Diff } from '../support/inkWidgets/Diff.js';
import { ToolCallLine } from '../support/inkWidgets/ToolCallLine.js';
import { diffStats, diffToLines } from '../../components/view/diffLines.js';
import type { ToolItem } from '../../source/store/state.js';
import { renderSized } from './harness.js';

const diff = ['--- a/src/app.ts', '+++ b/src/app.ts', '@@ -1,3 +1,3 @@', ' keep this', '-const old = 1;', '+const fresh = 2;', ''].join('\n');

describe('Diff', () => {
  afterEach(() => vi.unstubAllEnvs());

  it('colours additions green, removals red and hunk headers dim', () => {
    vi.stubEnv('FORCE_COLOR', '1');
    const lines = diffToLines(diff, 80);
    const line = (start: string): string => lines.find((l) => stripVTControlCharacters(l).startsWith(start)) ?? '';
    expect(line('+const')).toBe('\x1b[32m+const fresh = 2;\x1b[39m');
    expect(line('-const')).toBe('\x1b[31m-const old = 1;\x1b[39m');
    expect(line('@@')).toContain('\x1b[2m');
    expect(line(' keep')).toBe(' keep this');
  });

  it('shows every line without colour when colour is off, wrapped to the width', () => {
    vi.stubEnv('FORCE_COLOR', '0');
    const lines = diffToLines(`+${'x'.repeat(30)}`, 10);
    expect(lines).toHaveLength(4);
    expect(lines.every((l) => l.length <= 10 && !l.includes('\x1b'))).toBe(true);
  });

  it('the component renders the + and − lines and cuts long diffs', async () => {
    const r = await renderSized(<Diff diff={diff} width={60} />, 60, 20);
    expect(r.lastFrame()).toContain('+const fresh = 2;');
    expect(r.lastFrame()).toContain('-const old = 1;');
    r.unmount();
    const long = Array.from({ length: 30 }, (_, i) => `+added ${i}`).join('\n');
    const cut = await renderSized(<Diff diff={long} width={60} maxLines={5} />, 60, 20);
    expect(cut.lastFrame()).toContain('+added 3');
    expect(cut.lastFrame()).not.toContain('+added 4');
    expect(cut.lastFrame()).toContain('26 more diff lines');
    cut.unmount();
  });

  it('an edit_file result shows as a diff with its counts', async () => {
    expect(diffStats(diff)).toEqual({ added: 1, removed: 1 });
    const item: ToolItem = {
      kind: 'tool', id: 'c1', done: true, runId: 'r1', messageId: 'm1', name: 'edit_file', summary: 'src/app.ts', status: 'done',
      progress: [], display: { kind: 'diff', path: 'src/app.ts', diff, created: false }, durationMs: 12, expanded: false,
    };
    const r = await renderSized(<ToolCallLine item={item} width={70} />, 70, 20);
    const frame = r.lastFrame();
    expect(frame).toContain('✓ edit_file(src/app.ts) · 12ms');
    expect(frame).toContain('Updated src/app.ts +1 -1');
    expect(frame).toContain('+const fresh = 2;');
    r.unmount();
  });
});
