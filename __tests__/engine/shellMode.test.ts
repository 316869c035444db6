// `!command` typed by the user: the command runs through the permission check (without the mode's own ask),
// and the command and its output reach the model with the next message.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parseRule, type PermissionRule } from '../../source/permissions/rules.js';
import { makeHarness, runEnd, userTexts, type Harness } from '../support/engineHarness.js';
import type { AgentEvent } from '../../source/protocol/events.js';
import type { SessionRuns } from '../../source/engine/session/index.js';
import { eventsOf } from '../support/runEvents.js';

let h: Harness | undefined;
afterEach(async () => {
  await h?.cleanup();
  h = undefined;
});

function collect(session: { runs: SessionRuns }, start: (runs: SessionRuns) => Promise<unknown>, onApproval?: (e: Extract<AgentEvent, { type: 'approval_request' }>) => void) {
  return eventsOf(session, async (runs) => { await start(runs); }, (event) => {
    if (event.type === 'approval_request') onApproval?.(event);
  });
}

const rule = (text: string, effect: 'allow' | 'deny' | 'ask') => parseRule(text, effect, 'test', { workspace: '/' }) as PermissionRule;

describe('!command', () => {
  it('runs in ask mode without asking, and the next request carries the command and its output', async () => {
    h = makeHarness([{ text: 'I see the output.' }], { mode: 'ask' });
    const events = await collect(h.session, (runs) => runs.shell('echo shell-says-hi && touch made.txt'));
    expect(events.some((e) => e.type === 'approval_request')).toBe(false);
    expect(runEnd(events)).toMatchObject({ reason: 'done', turns: 0 });
    expect(events.find((e) => e.type === 'tool_end')).toMatchObject({ name: 'bash', result: { isError: false } });
    expect(existsSync(join(h.workspace, 'made.txt'))).toBe(true);
    // No model call for the command itself.
    expect(h.provider.requests).toHaveLength(0);
    await collect(h.session, (runs) => runs.prompt('what did it print?'));
    const texts = userTexts(h.provider.requests[0]).join('\n');
    expect(texts).toContain('<bash-input>echo shell-says-hi && touch made.txt</bash-input>');
    expect(texts).toContain('shell-says-hi');
    expect(texts).toContain('what did it print?');
    expect(h.invalidRequests).toEqual([]);
  });

  it('a deny rule holds: the command does not run and the refusal is shown', async () => {
    h = makeHarness([], { mode: 'yolo', permissions: { rules: [rule('Bash(touch:*)', 'deny')] } });
    const events = await collect(h.session, (runs) => runs.shell('touch denied.txt'));
    expect(existsSync(join(h.workspace, 'denied.txt'))).toBe(false);
    expect(events.find((e) => e.type === 'tool_end')).toMatchObject({ result: { isError: true } });
  });

  it('an ask rule still asks, and a declined command does not run', async () => {
    h = makeHarness([], { mode: 'ask', permissions: { rules: [rule('Bash(touch:*)', 'ask')] } });
    const session = h.session;
    const events = await collect(session, (runs) => runs.shell('touch asked.txt'), (e) => session.runs.respond(e.approvalId, { kind: 'no' }));
    expect(events.some((e) => e.type === 'approval_request')).toBe(true);
    expect(existsSync(join(h.workspace, 'asked.txt'))).toBe(false);
  });
});
