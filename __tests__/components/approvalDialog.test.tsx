// Approval dialog tests: every key, queue order and what the body shows.
import { afterEach, describe, expect, it } from 'vitest';
import React from 'react';
import { ApprovalDialog } from '../../components/ApprovalDialog.js';
import { initialApprovalUi } from '../../hooks/approvalKeys.js';
import type { PendingApproval } from '../../source/store/state.js';
import { approvalRequest, FakeSession, runEnd, type Step } from '../support/fakeSession.js';
import { keys, renderApp, renderSized, type AppHarness } from './harness.js';

/** A run that asks for the given approvals, then waits until each is answered. */
function askRun(session: FakeSession, ids: string[], extra: Parameters<typeof approvalRequest>[3] = {}): void {
  const steps: Step[] = [{ type: 'run_start', sessionId: 's1', runId: 'r1', prompt: 'go' }];
  ids.forEach((id, i) => steps.push(approvalRequest('r1', id, `c${i}`, { summary: `cmd ${id}`, input: { command: `echo ${id}` }, ...extra })));
  ids.forEach((id) => steps.push({ wait: 'respond', approvalId: id }));
  steps.push(runEnd('r1', 'done'));
  session.script(...steps);
}

async function startAsking(ids: string[], extra: Parameters<typeof approvalRequest>[3] = {}): Promise<AppHarness> {
  const session = new FakeSession();
  askRun(session, ids, extra);
  const h = await renderApp({ session });
  await h.type('go');
  await h.press(keys.enter);
  return h;
}

describe('ApprovalDialog keys', () => {
  let h: AppHarness;
  afterEach(() => h.cleanup());

  it('shows the command, directory and always-scope; y approves once', async () => {
    h = await startAsking(['a1']);
    const frame = h.lastFrame();
    expect(frame).toContain('Allow bash?');
    expect(frame).toContain('$ echo a1');
    expect(frame).toContain('in /tmp/project');
    expect(frame).toContain('Always adds: Bash(npm test:*)');
    await h.press('y');
    expect(h.session.responses).toEqual([{ approvalId: 'a1', decision: { kind: 'yes' } }]);
    expect(h.lastFrame()).not.toContain('Allow bash?');
  });

  it('the prompt is inactive while the dialog is open', async () => {
    h = await startAsking(['a1']);
    await h.press('x');
    await h.press('y');
    await h.bridge.idle();
    expect(h.lastFrame()).not.toContain('❯ x');
  });

  it('n asks for an optional reason and sends it with Enter', async () => {
    h = await startAsking(['a1']);
    await h.press('n');
    expect(h.lastFrame()).toContain('Reason (optional');
    await h.type('too risky');
    expect(h.lastFrame()).toContain('too risky');
    await h.press(keys.enter);
    expect(h.session.responses).toEqual([{ approvalId: 'a1', decision: { kind: 'no', reason: 'too risky' } }]);
  });

  it('n then Enter with no reason sends a plain no', async () => {
    h = await startAsking(['a1']);
    await h.press('n', keys.enter);
    expect(h.session.responses).toEqual([{ approvalId: 'a1', decision: { kind: 'no' } }]);
  });

  it('a approves always for the session, p for the project, and Esc denies', async () => {
    h = await startAsking(['a1', 'a2', 'a3']);
    await h.press('a');
    await h.press('p');
    await h.press(keys.escape);
    expect(h.session.responses).toEqual([
      { approvalId: 'a1', decision: { kind: 'always', scope: 'session' } },
      { approvalId: 'a2', decision: { kind: 'always', scope: 'project' } },
      { approvalId: 'a3', decision: { kind: 'no' } },
    ]);
  });

  it('a modified key answers nothing: Ctrl+Y (the sidebar key), Ctrl+A, Ctrl+N, Ctrl+P, Alt+Y and Alt+Enter', async () => {
    h = await startAsking(['a1']);
    await h.press('\x19', '\x01', '\x0e', '\x10', '\x1by', '\x1ba', '\x1b\r');
    expect(h.session.responses).toEqual([]);
    expect(h.lastFrame()).toContain('Allow bash?');
    await h.press('y');
    expect(h.session.responses).toEqual([{ approvalId: 'a1', decision: { kind: 'yes' } }]);
  });

  it('with Always (project) selected, the dialog says it saves the rule and trusts the project', async () => {
    h = await startAsking(['a1']);
    await h.press(keys.left);
    expect(h.lastFrame()).toContain('Saves to .claude/settings.local.json and trusts this project: Bash(npm test:*)');
    await h.press(keys.left);
    expect(h.lastFrame()).toContain('Always adds: Bash(npm test:*)');
  });

  it('arrow keys and Enter pick among Yes / No / Always (session) / Always (project)', async () => {
    h = await startAsking(['a1', 'a2', 'a3']);
    await h.press(keys.right, keys.right, keys.enter);
    expect(h.session.responses[0]).toEqual({ approvalId: 'a1', decision: { kind: 'always', scope: 'session' } });
    await h.press(keys.left, keys.enter);
    expect(h.session.responses[1]).toEqual({ approvalId: 'a2', decision: { kind: 'always', scope: 'project' } });
    await h.press(keys.right, keys.enter);
    expect(h.lastFrame()).toContain('Reason (optional');
    await h.press(keys.enter);
    expect(h.session.responses[2]).toEqual({ approvalId: 'a3', decision: { kind: 'no' } });
  });

  it('shows queued approvals one at a time in call order with the count', async () => {
    h = await startAsking(['a1', 'a2', 'a3']);
    expect(h.lastFrame()).toContain('$ echo a1');
    expect(h.lastFrame()).toContain('2 more waiting');
    await h.press('y');
    expect(h.lastFrame()).toContain('$ echo a2');
    expect(h.lastFrame()).toContain('1 more waiting');
    await h.press('y');
    expect(h.lastFrame()).toContain('$ echo a3');
    expect(h.lastFrame()).not.toContain('more waiting');
    await h.press('y');
    await h.bridge.idle();
    expect(h.session.responses.map((r) => r.approvalId)).toEqual(['a1', 'a2', 'a3']);
  });
});

describe('ApprovalDialog body', () => {
  const base: PendingApproval = { approvalId: 'a', runId: 'r', toolCallId: 'c', name: 'edit_file', input: { path: 'src/a.ts' }, summary: 'src/a.ts', alwaysScope: 'all file edits', cwd: '/w' };

  it('shows the diff for edits', async () => {
    const diff = '--- a/src/a.ts\n+++ b/src/a.ts\n@@ -1 +1 @@\n-old line\n+new line\n';
    const r = await renderSized(<ApprovalDialog approval={{ ...base, diff }} queueCount={1} ui={initialApprovalUi} width={80} maxHeight={20} />, 80, 24);
    expect(r.lastFrame()).toContain('-old line');
    expect(r.lastFrame()).toContain('+new line');
    expect(r.lastFrame()).toContain('Always adds: all file edits');
    r.unmount();
  });

  it('shows other tools’ arguments as JSON and cuts a long body to the height', async () => {
    const input = { url: 'https://example.invalid', lines: Array.from({ length: 40 }, (_, i) => `l${i}`) };
    const r = await renderSized(<ApprovalDialog approval={{ ...base, name: 'fetch', input }} queueCount={1} ui={initialApprovalUi} width={80} maxHeight={12} />, 80, 24);
    const frame = r.lastFrame();
    expect(frame).toContain('"url": "https://example.invalid"');
    expect(frame).toContain('more lines');
    expect(frame.split('\n')).toHaveLength(12);
    r.unmount();
  });
});

describe('ApprovalDialog on small screens', () => {
  const bash: PendingApproval = {
    approvalId: 'a', runId: 'r', toolCallId: 'c', name: 'bash', input: { command: 'npm run build && npm test' }, summary: 'npm run build && npm test', alwaysScope: 'Bash(npm run build:*)', cwd: '/w',
  };
  const rowsOf = (frame: string): string[] => frame.split('\n').map((l) => l.trimEnd());

  it('says which kind of rule "always" adds', async () => {
    const exact = await renderSized(<ApprovalDialog approval={{ ...bash, input: { command: 'rm build.log' }, alwaysRules: ['Bash(rm build.log)'], alwaysKind: 'exact' }} queueCount={1} ui={initialApprovalUi} width={60} maxHeight={12} />, 60, 20);
    expect(exact.lastFrame()).toContain('Always adds (exact): Bash(rm build.log)');
    exact.unmount();
    const prefix = await renderSized(<ApprovalDialog approval={{ ...bash, alwaysRules: ['Bash(npm run build:*)'], alwaysKind: 'prefix' }} queueCount={1} ui={initialApprovalUi} width={60} maxHeight={12} />, 60, 20);
    expect(prefix.lastFrame()).toContain('Always adds (prefix): Bash(npm run build:*)');
    prefix.unmount();
  });

  it('says when a command will run in the background', async () => {
    const r = await renderSized(<ApprovalDialog approval={{ ...bash, input: { command: 'npm run dev', run_in_background: true } }} queueCount={1} ui={initialApprovalUi} width={60} maxHeight={12} />, 60, 20);
    expect(r.lastFrame()).toContain('$ npm run dev');
    expect(r.lastFrame()).toContain('runs in the background');
    r.unmount();
    const plain = await renderSized(<ApprovalDialog approval={{ ...bash, input: { command: 'npm run dev' } }} queueCount={1} ui={initialApprovalUi} width={60} maxHeight={12} />, 60, 20);
    expect(plain.lastFrame()).not.toContain('background');
    plain.unmount();
  });

  it('at 20 columns and 4 rows drops its chrome and shows the whole wrapped command', async () => {
    const r = await renderSized(<ApprovalDialog approval={bash} queueCount={1} ui={initialApprovalUi} width={20} maxHeight={4} />, 20, 6);
    const rows = rowsOf(r.lastFrame());
    expect(rows).toHaveLength(4);
    expect(rows[0]).toContain('Allow bash?');
    // "$ npm run build && npm test" wrapped at 20 columns: every word is on screen.
    expect(rows.slice(1, 3).join(' ')).toMatch(/\$ npm run build &&\s+npm test/);
    expect(rows[3]).toContain('Yes');
    r.unmount();
  });

  it('scrolls a command longer than the room with PgDn, so every part of it can be read', async () => {
    const command = 'echo one two three four five six seven eight nine ten';
    const approval = { ...bash, input: { command } };
    const seen = new Set<string>();
    for (let scroll = 0; scroll < 6; scroll++) {
      const r = await renderSized(<ApprovalDialog approval={approval} queueCount={1} ui={{ ...initialApprovalUi, scroll }} width={20} maxHeight={4} />, 20, 6);
      for (const word of rowsOf(r.lastFrame()).slice(1, 3).join(' ').split(/\s+/)) seen.add(word);
      // 3 command rows and the directory in 2 rows of room: scrolled 2 rows it is at the end.
      expect(rowsOf(r.lastFrame())[0]).toMatch(scroll < 2 ? /Allow bash\? · PgDn/ : /Allow bash\? · PgUp/);
      r.unmount();
    }
    for (const word of command.split(' ')) expect(seen).toContain(word);
  });
});

describe('the approval dialog in a 20×6 terminal', () => {
  let h: AppHarness;
  afterEach(() => h.cleanup());

  it('keeps the frame 5 rows tall with the command and the status bar in view; PgDn scrolls, y still answers', async () => {
    const session = new FakeSession();
    const command = 'echo alpha beta gamma delta epsilon zeta';
    session.script(
      { type: 'run_start', sessionId: 's1', runId: 'r1', prompt: 'go' },
      approvalRequest('r1', 'a1', 'c1', { summary: command, input: { command } }),
      { wait: 'respond', approvalId: 'a1' },
      runEnd('r1', 'done'),
    );
    h = await renderApp({ session, columns: 20, rows: 6 });
    await h.type('go');
    await h.press(keys.enter);
    const first = h.lastFrame().split('\n');
    expect(first).toHaveLength(5);
    expect(first[0]).toContain('Allow bash?');
    expect(first.slice(1, 3).join(' ')).toContain('$ echo alpha beta');
    expect(first[4]).toContain('claude');
    const words = new Set(first.join(' ').split(/\s+/));
    for (let i = 0; i < 4; i++) {
      await h.press(keys.pageDown);
      for (const word of h.lastFrame().split(/\s+/)) words.add(word);
    }
    for (const word of command.split(' ')) expect(words).toContain(word);
    await h.press('y');
    expect(h.session.responses).toEqual([{ approvalId: 'a1', decision: { kind: 'yes' } }]);
  });
});

describe('the prompt in a 20×6 terminal', () => {
  let h: AppHarness;
  afterEach(() => h.cleanup());

  it('keeps its rule and a row of text above the status bar', async () => {
    h = await renderApp({ columns: 20, rows: 6 });
    await h.type('hi');
    const rows = h.lastFrame().split('\n');
    expect(rows).toHaveLength(5);
    expect(rows[3]).toMatch(/^❯ hi/);
    expect(rows[4]).toContain('claude');
  });
});
