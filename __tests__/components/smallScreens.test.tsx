// Small screens keep what matters: the approval dialog at 60x20 (changed lines first, a page per PgDn, hints and
// the "always" rule shortened at word boundaries), the turn-limit question, and a count of background work.
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { stripVTControlCharacters } from 'node:util';
import { alwaysRow, approvalChoiceRow, changesFirst } from '../../components/view/approvalLines.js';
import cellWidth from '../../components/view/cellWidth.js';
import { FakeSession, approvalRequest, runEnd, ticks } from '../support/fakeSession.js';
import { keys, renderApp, type AppHarness } from './harness.js';

let h: AppHarness | undefined;
afterEach(() => {
  h?.cleanup();
  h = undefined;
});

const rowsOf = (frame: string): string[] => stripVTControlCharacters(frame).split('\n');

/** An edit whose one change sits below twenty lines of unchanged context. */
const longDiff = [
  'Index: src/app.ts',
  '===================================================================',
  '--- src/app.ts',
  '+++ src/app.ts',
  '@@ -1,24 +1,24 @@',
  ...Array.from({ length: 20 }, (_, i) => ` const unchanged${i} = ${i};`),
  '-export const limit = 10;',
  '+export const limit = 20;',
  ...Array.from({ length: 3 }, (_, i) => ` const after${i} = ${i};`),
].join('\n');

function editAsking(session: FakeSession): void {
  session.script(
    { type: 'run_start', sessionId: 's1', runId: 'r1', prompt: 'go' },
    approvalRequest('r1', 'a1', 'c1', { name: 'edit_file', summary: 'src/app.ts', input: { path: 'src/app.ts' }, diff: longDiff, alwaysScope: 'Edit(src/**)', alwaysRules: ['Edit(src/**)'] }),
    { wait: 'respond', approvalId: 'a1' },
    runEnd('r1', 'done'),
  );
}

describe('the approval dialog at 60x20', () => {
  it('shows the changed lines of a diff first, fits every row, and keeps whole words in its choices', async () => {
    const session = new FakeSession();
    editAsking(session);
    h = await renderApp({ session, columns: 60, rows: 20 });
    await h.type('go');
    await h.press(keys.enter);
    await ticks();
    const rows = rowsOf(h.lastFrame());
    const screen = rows.join('\n');
    expect(screen).toContain('-export const limit = 10;');
    expect(screen).toContain('+export const limit = 20;');
    expect(screen).not.toContain('unchanged0');
    for (const row of rows) expect(cellWidth(row)).toBeLessThanOrEqual(60);
    const choices = rows.find((row) => row.includes('Yes') && row.includes('No')) ?? '';
    expect(choices).toMatch(/Always \(session\)|Always: session {2}project|Session/);
    expect(choices).not.toContain('…');
  });

  it('moves a whole page on PgDn', async () => {
    const session = new FakeSession();
    const body = Array.from({ length: 150 }, (_, i) => `step${i}`).join(' && ');
    session.script(
      { type: 'run_start', sessionId: 's1', runId: 'r1', prompt: 'go' },
      approvalRequest('r1', 'a1', 'c1', { summary: body, input: { command: body } }),
      { wait: 'respond', approvalId: 'a1' },
      runEnd('r1', 'done'),
    );
    h = await renderApp({ session, columns: 60, rows: 20 });
    await h.type('go');
    await h.press(keys.enter);
    await ticks();
    const firstStep = (frame: string): number => Number(/step(\d+)/.exec(stripVTControlCharacters(frame).split('Allow bash?')[1] ?? '')?.[1] ?? -1);
    expect(firstStep(h.lastFrame())).toBe(0);
    await h.press(keys.pageDown);
    await ticks();
    // More than one wrapped row of the command (about five steps) went by.
    expect(firstStep(h.lastFrame())).toBeGreaterThan(10);
  });

  it('shortens its key hints and labels by whole words, and the rule "always" adds at a rule or path boundary', () => {
    expect(approvalChoiceRow(80).hint).toBe('  y / n / a / p · ←→ Enter · Esc no');
    const narrow = approvalChoiceRow(40);
    expect(narrow.labels.reduce((n, l) => n + l.length + 2, 0) + narrow.hint.length).toBeLessThanOrEqual(40);
    expect(narrow.labels[0]).toBe('Yes');
    expect(alwaysRow(['Bash(npm test:*)'], 56)).toBe('Always adds: Bash(npm test:*)');
    expect(alwaysRow(['Bash(npm test:*)', 'Bash(npm run lint:*)', 'Bash(git status:*)'], 60)).toBe('Always adds: Bash(npm test:*), Bash(npm run lint:*) +1 more');
    const long = alwaysRow(['Edit(/home/someone/projects/a-rather-long-name/src/components/**)'], 40);
    expect(cellWidth(long)).toBeLessThanOrEqual(40);
    expect(long).toMatch(/^Always adds: Edit\(\/home\/someone\/([\w-]+\/)*…$/);
  });

  it('leaves out file headers and far context when it has to: every change and one line around it stay', () => {
    const compact = changesFirst(longDiff).split('\n');
    expect(compact).toEqual(['@@ -1,24 +1,24 @@', ' const unchanged19 = 19;', '-export const limit = 10;', '+export const limit = 20;', ' const after0 = 0;']);
  });
});

describe('the turn-limit question on a small screen', () => {
  it('fits 60 columns, says what the transcript says and where the limit was set', async () => {
    const session = new FakeSession().script({ type: 'run_start', sessionId: 's1', runId: 'r1', prompt: 'big task' }, runEnd('r1', 'max_turns', { turns: 2 }));
    h = await renderApp({ session, columns: 60, rows: 20, turnLimitFrom: 'the --max-turns flag' });
    await h.type('big task');
    await h.press(keys.enter);
    await ticks();
    const rows = rowsOf(h.lastFrame());
    for (const row of rows) expect(cellWidth(row)).toBeLessThanOrEqual(60);
    const text = rows.map((row) => row.replace(/^[│\s]+|[│\s]+$/g, '')).join(' ');
    expect(text).toContain('Continue for another 2 turns?');
    expect(text).toContain('It is set by the --max-turns flag.');
    // The transcript's line and the dialog's say the same thing.
    const said = 'Run stopped after 2 turns, the turn limit. Continue gives it as many again; a new message also continues it.';
    const notice = h.bridge.store.getState().transcript.at(-1);
    expect(notice && 'text' in notice ? notice.text : '').toBe(said);
    expect(text.replace(/\s+/g, ' ')).toContain('Run stopped after 2 turns, the turn limit. It is set by the --max-turns flag. Continue gives it as many again; a new message also continues it.');
  });
});

describe('background work on a narrow screen', () => {
  it('counts running background tasks in the status bar when the sidebar is hidden, and leaves it to the sidebar when shown', async () => {
    // The clock stands still (timers run as usual), so the task's running time reads the same on every machine.
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-01-01T09:00:00Z') });
    onTestFinished(() => { vi.useRealTimers(); });
    const task = { taskId: 'b7', command: 'npm run dev', status: 'running' as const, startedAt: new Date('2026-01-01T09:00:00Z').getTime(), lastLine: '' };
    h = await renderApp({ columns: 80, rows: 24 });
    h.session.emit({ type: 'background_task', sessionId: 's1', task });
    h.session.emit({ type: 'background_task', sessionId: 's1', task: { ...task, taskId: 'b8', command: 'explore · map the code', kind: 'subagent' } });
    await ticks();
    const status = rowsOf(h.lastFrame()).filter((row) => row.trim() !== '').at(-1) ?? '';
    expect(status).toMatch(/^⧗ 1 task, 1 agent · /);
    h.cleanup();
    h = await renderApp({ columns: 120, rows: 24 });
    h.session.emit({ type: 'background_task', sessionId: 's1', task });
    await ticks();
    const wide = rowsOf(h.lastFrame()).filter((row) => row.trim() !== '').at(-1) ?? '';
    expect(wide).not.toContain('⧗');
    expect(h.lastFrame()).toContain('npm run dev');
  });
});
