// The dialogs a tool opens to ask the user: ask_user's questions (pick, type your own, several in turn, Esc) and
// exit_plan_mode's plan (approve either way, keep planning with feedback, scroll a long plan), at small sizes too.
import { afterEach, describe, expect, it } from 'vitest';
import type { AgentEvent } from '../../source/protocol/events.js';
import type { UserQuestion } from '../../source/protocol/tools.js';
import { FakeSession, runEnd } from '../support/fakeSession.js';
import { keys, renderApp, type AppHarness } from './harness.js';

const db: UserQuestion = { question: 'Which database?', header: 'Database', options: [{ label: 'Postgres', description: 'the default' }, { label: 'SQLite' }] };
const tests: UserQuestion = { question: 'Which test runner?', options: [{ label: 'vitest' }, { label: 'jest' }, { label: 'mocha' }], multiSelect: true };

type Asked = { kind: 'questions'; questions: UserQuestion[] } | { kind: 'plan'; plan: string };

async function asking(request: Asked, size: { columns?: number; rows?: number } = {}): Promise<AppHarness> {
  const session = new FakeSession();
  session.script(
    { type: 'run_start', sessionId: 's1', runId: 'r1', prompt: 'go' },
    { type: 'question_request', runId: 'r1', questionId: 'q1', toolCallId: 'c1', ...request } as AgentEvent,
    { wait: 'answer', questionId: 'q1' },
    runEnd('r1', 'done'),
  );
  const h = await renderApp({ session, ...size });
  await h.type('go');
  await h.press(keys.enter);
  return h;
}

describe('ask_user dialog', () => {
  let h: AppHarness;
  afterEach(() => h.cleanup());

  it('shows the question and its options; ↓ Enter answers with the second', async () => {
    h = await asking({ kind: 'questions', questions: [db] });
    const frame = h.lastFrame();
    expect(frame).toContain('Database · The model asks');
    expect(frame).toContain('Which database?');
    expect(frame).toMatch(/❯ 1\. Postgres · the default/);
    expect(frame).toContain('3. Other (type your own answer)');
    await h.press(keys.down, keys.enter);
    expect(h.session.answers).toEqual([{ questionId: 'q1', answer: { kind: 'answers', answers: { 'Which database?': 'SQLite' } } }]);
  });

  it('several questions in turn: a number picks, Space ticks in a multi-select, "Other" takes typed words', async () => {
    h = await asking({ kind: 'questions', questions: [db, tests, { question: 'Name?', options: [{ label: 'a' }, { label: 'b' }] }] });
    await h.press('1');
    expect(h.lastFrame()).toContain('(2 of 3)');
    await h.press(' ', keys.down, keys.down, ' ', keys.enter);
    await h.press('3');
    await h.type('rein-db');
    await h.press(keys.enter);
    expect(h.session.answers).toEqual([{ questionId: 'q1', answer: { kind: 'answers', answers: { 'Which database?': 'Postgres', 'Which test runner?': 'vitest, mocha', 'Name?': 'rein-db' } } }]);
  });

  it('Esc skips all; a modified key answers nothing', async () => {
    h = await asking({ kind: 'questions', questions: [db] });
    await h.press('\x19', '\x1b1', '\x1b\r');
    expect(h.session.answers).toEqual([]);
    await h.press(keys.escape);
    expect(h.session.answers).toEqual([{ questionId: 'q1', answer: { kind: 'dismissed' } }]);
  });

  it('fits 60×20 with the options in view', async () => {
    h = await asking({ kind: 'questions', questions: [{ ...db, question: 'Which database should the service use for the cache that sits in front of the reports?' }] }, { columns: 60, rows: 20 });
    const rows = h.lastFrame().split('\n');
    expect(rows.length).toBeLessThanOrEqual(20);
    expect(rows.join('\n')).toContain('3. Other');
    expect(rows.every((r) => r.length <= 60)).toBe(true);
  });
});

describe('plan approval dialog', () => {
  let h: AppHarness;
  afterEach(() => h.cleanup());
  const plan = `# Add the parser\n${Array.from({ length: 40 }, (_, i) => `${i + 1}. step number ${i + 1}`).join('\n')}`;

  it('a approves with edits running, y approves and keeps asking', async () => {
    h = await asking({ kind: 'plan', plan: '# Add the parser\n1. write it\n2. test it' });
    expect(h.lastFrame()).toContain('Plan ready for approval');
    expect(h.lastFrame()).toContain('write it');
    expect(h.lastFrame()).toMatch(/Approve · edits run\s+Approve · keep asking\s+Keep planning/);
    await h.press('a');
    expect(h.session.answers).toEqual([{ questionId: 'q1', answer: { kind: 'plan', decision: 'approve-auto-edit' } }]);
    h.cleanup();
    h = await asking({ kind: 'plan', plan: 'x' });
    await h.press('y');
    expect(h.session.answers[0].answer).toEqual({ kind: 'plan', decision: 'approve-ask' });
  });

  it('n asks what should change and sends it; a long plan scrolls with PgDn at 80×24', async () => {
    h = await asking({ kind: 'plan', plan }, { columns: 80, rows: 24 });
    expect(h.lastFrame()).not.toContain('step number 40');
    for (let i = 0; i < 6; i++) await h.press(keys.pageDown);
    expect(h.lastFrame()).toContain('step number 40');
    await h.press('n');
    expect(h.lastFrame()).toContain('What should change?');
    await h.type('use sqlite');
    await h.press(keys.enter);
    expect(h.session.answers).toEqual([{ questionId: 'q1', answer: { kind: 'plan', decision: 'keep-planning', feedback: 'use sqlite' } }]);
  });
});
