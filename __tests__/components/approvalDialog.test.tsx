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
