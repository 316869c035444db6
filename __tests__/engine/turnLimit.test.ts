// The turn limit: an interactive session stops the run there and can continue the same task; headless just stops.
import { afterEach, describe, expect, it } from 'vitest';
import type { AgentEvent } from '../../source/protocol/events.js';
import type { RunOutcome, SessionRuns } from '../../source/engine/session/index.js';
import { eventsOf } from '../support/runEvents.js';
import { validateHistory } from '../../source/engine/history.js';
import { makeHarness, runEnd, runPrompt, userTexts, type Harness } from '../support/engineHarness.js';
import { join } from 'node:path';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { SessionLog } from '../../source/sessionLog/sessionLog.js';
import { listSessions } from '../../source/sessionLog/listSessions.js';
import { loadSession } from '../../source/sessionLog/loadSession.js';

let h: Harness | undefined;
afterEach(async () => {
  await h?.cleanup();
  h = undefined;
});

/** Tool calls for the first `calls` requests, then an answer. */
const toolsThenAnswer = (calls: number) => (_request: unknown, index: number) =>
  index < calls ? { toolCalls: [{ name: 'glob', input: { pattern: `*.nothing${index}` } }] } : { text: 'All done.' };

const drain = (session: { runs: SessionRuns }, start: (runs: SessionRuns) => Promise<RunOutcome>): Promise<AgentEvent[]> => eventsOf(session, start);

describe('turn limit', () => {
  it('stops an interactive run at the limit without a warning, and continueRun goes on with the same task', async () => {
    h = makeHarness(toolsThenAnswer(3), { maxTurns: 2 });
    const first = await runPrompt(h.session, 'explore everything');
    expect(runEnd(first)).toMatchObject({ reason: 'max_turns', turns: 2 });
    expect(first.some((e) => e.type === 'warning')).toBe(false);
    expect(h.provider.requests).toHaveLength(2);
    expect(validateHistory(h.session.conversation.history())).toBeUndefined();
    const before = h.session.conversation.history().length;

    const continued = await drain(h.session, (runs) => runs.continue());
    expect(continued[0]).toMatchObject({ type: 'run_start', continued: true, prompt: '' });
    expect(runEnd(continued)).toMatchObject({ reason: 'done', text: 'All done.', turns: 2 });
    // The third request carries the conversation as it stood, ending in the last tool results; no new user message.
    const third = h.provider.requests[2];
    expect(third.messages.slice(0, before)).toEqual(h.session.conversation.history().slice(0, before));
    const last = third.messages[third.messages.length - 1];
    expect(last.role).toBe('user');
    expect(last.content.some((b) => b.type === 'tool_result')).toBe(true);
    expect(userTexts(third).filter((t) => t === 'explore everything')).toHaveLength(1);
    expect(h.invalidRequests).toEqual([]);
    expect(validateHistory(h.session.conversation.history())).toBeUndefined();
  });

  it('gives a continued run another full allowance of turns, and asks again at its end', async () => {
    h = makeHarness(toolsThenAnswer(10), { maxTurns: 2 });
    await runPrompt(h.session, 'go');
    const second = await drain(h.session, (runs) => runs.continue());
    expect(runEnd(second)).toMatchObject({ reason: 'max_turns', turns: 2 });
    expect(h.provider.requests).toHaveLength(4);
    const third = await drain(h.session, (runs) => runs.continue());
    expect(runEnd(third)).toMatchObject({ reason: 'max_turns', turns: 2 });
    expect(h.provider.requests).toHaveLength(6);
  });

  it('continues a custom command\'s run with its own model', async () => {
    h = makeHarness(toolsThenAnswer(3), { maxTurns: 2 });
    await drain(h.session, (runs) => runs.prompt('expanded command text', { display: '/review', model: 'command-model' }));
    await drain(h.session, (runs) => runs.continue());
    expect(h.provider.requests.map((r) => r.options.model)).toEqual(['command-model', 'command-model', 'command-model', 'command-model']);
  });

  it('refuses to continue when no run stopped at the limit', async () => {
    h = makeHarness([{ text: 'hi' }], { maxTurns: 2 });
    await expect(drain(h.session, (runs) => runs.continue())).rejects.toThrow(/no run stopped at the turn limit/);
    await runPrompt(h.session, 'hello');
    await expect(drain(h.session, (runs) => runs.continue())).rejects.toThrow(/no run stopped at the turn limit/);
    expect(h.provider.requests).toHaveLength(1);
  });

  it('keeps headless runs stopping with max_turns and a warning, and offers no continuation', async () => {
    h = makeHarness(toolsThenAnswer(5), { maxTurns: 2, interactive: false });
    const events = await runPrompt(h.session, 'go');
    expect(runEnd(events)).toMatchObject({ reason: 'max_turns', turns: 2 });
    expect(events.find((e) => e.type === 'warning')).toMatchObject({ message: expect.stringContaining('Stopped after 2 turns') });
    await expect(drain(h.session, (runs) => runs.continue())).rejects.toThrow(/no run stopped at the turn limit/);
  });

  it('runs without a limit when maxTurns is 0', async () => {
    h = makeHarness(toolsThenAnswer(60), { maxTurns: 0 });
    const events = await runPrompt(h.session, 'a long task');
    expect(runEnd(events)).toMatchObject({ reason: 'done', turns: 61, text: 'All done.' });
  });

  it('logs a continued run so the listing still counts one message, and the log resumes to the same history', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rein-turnlimit-'));
    try {
      const sessionsDir = join(dir, 'sessions');
      const log = SessionLog.create({ sessionsDir, meta: { sessionId: '20261201-000000-abcdef', cwd: dir, provider: 'scripted', model: 'test-model', startedAt: '2026-12-01T00:00:00.000Z' } });
      h = makeHarness(toolsThenAnswer(3), { maxTurns: 2, sessionsDir, sessionId: '20261201-000000-abcdef', log, cwd: dir });
      await runPrompt(h.session, 'the only message');
      await drain(h.session, (runs) => runs.continue());
      const [summary] = listSessions(sessionsDir, { cwd: dir });
      expect(summary).toMatchObject({ firstPrompt: 'the only message', messageCount: 1 });
      const loaded = loadSession(log.file);
      expect(loaded.history).toEqual(h.session.conversation.history());
      expect(validateHistory(loaded.history)).toBeUndefined();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
