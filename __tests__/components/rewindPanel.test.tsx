// The /rewind panel: its keys (pick, choose, confirm) and what it draws for each step.
import React from 'react';
import { render } from 'ink-testing-library';
import type { Key } from 'ink';
import { describe, expect, it } from 'vitest';
import { noKey } from '../../hooks/keyChunks.js';
import { rewindPanelKey, initialRewindPanelUi, type RewindPanelUi } from '../../hooks/rewindPanelKeys.js';
import { RewindPanel } from '../../components/RewindPanel.js';
import type { RewindPoint } from '../../source/checkpoints/types.js';

const key = (over: Partial<Key>): Key => ({ ...noKey, ...over });
const points: RewindPoint[] = [
  { id: 'run-2', text: 'second message', at: '2026-12-01T10:05:00.000Z', filesChanged: ['b.txt'], conversation: false },
  { id: 'run-1', text: 'first message', at: '2026-12-01T10:00:00.000Z', filesChanged: ['a.txt', 'b.txt'], conversation: true },
];

describe('rewind panel keys', () => {
  it('picks a message, offers the three restores, previews files before restoring them', () => {
    let ui: RewindPanelUi = initialRewindPanelUi;
    ui = rewindPanelKey(ui, points, '', key({ downArrow: true })).ui;
    ui = rewindPanelKey(ui, points, '', key({ return: true })).ui;
    expect(ui).toEqual({ stage: 'choose', selected: 1, option: 0 });
    const both = rewindPanelKey(ui, points, '', key({ return: true }));
    expect(both.command).toEqual({ kind: 'preview', pointId: 'run-1' });
    expect(both.ui).toEqual({ stage: 'confirm', selected: 1, scope: 'both' });
    expect(rewindPanelKey(both.ui, points, 'y', noKey).command).toEqual({ kind: 'rewind', pointId: 'run-1', scope: 'both' });
    expect(rewindPanelKey(both.ui, points, '', key({ escape: true })).ui).toEqual({ stage: 'choose', selected: 1, option: 0 });
    // The conversation alone changes no file: it goes back at once.
    expect(rewindPanelKey(ui, points, '2', noKey).command).toEqual({ kind: 'rewind', pointId: 'run-1', scope: 'conversation' });
    expect(rewindPanelKey(ui, points, '3', noKey).command).toEqual({ kind: 'preview', pointId: 'run-1' });
  });

  it('offers code only for a message the conversation no longer holds', () => {
    const choose = rewindPanelKey(initialRewindPanelUi, points, '', key({ return: true })).ui;
    expect(rewindPanelKey(choose, points, '2', noKey).command).toBeUndefined();
    const result = rewindPanelKey(choose, points, '1', noKey);
    expect(result.ui).toEqual({ stage: 'confirm', selected: 0, scope: 'code' });
  });
});

describe('rewind panel', () => {
  it('lists messages with their changed files, then the diff summary with hand edits named', () => {
    const list = render(<RewindPanel ui={initialRewindPanelUi} points={points} busy={false} width={90} height={12} />);
    expect(list.lastFrame()).toContain('2 files changed since: a.txt, b.txt');
    expect(list.lastFrame()).toMatch(/❯ 10:05 {2}second message/);
    const preview = {
      pointId: 'run-1',
      files: [
        { path: 'a.txt', change: 'modified' as const, added: 2, removed: 1 },
        { path: 'b.txt', change: 'created' as const, added: 3, removed: 0 },
      ],
      handEdited: ['a.txt'],
      notStored: ['big.bin'],
    };
    const confirm = render(<RewindPanel ui={{ stage: 'confirm', selected: 1, scope: 'both' }} points={points} preview={preview} busy={false} width={120} height={14} />);
    const frame = confirm.lastFrame() ?? '';
    expect(frame).toContain('Restore code and conversation to before "first message"?');
    expect(frame).toMatch(/restore\s+a\.txt {2}\+1 -2 {2}changed by hand, will be overwritten/);
    expect(frame).toMatch(/delete \(new since\)\s+b\.txt {2}\+0 -3/);
    expect(frame).toContain("Changed after rein's last snapshot, overwritten by this restore: a.txt");
    expect(frame).toContain('left as they are: big.bin');
  });
});
