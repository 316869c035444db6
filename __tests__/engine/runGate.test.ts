// The run gate: one run at a time through every entry point, refused with one sentence, and a team run is the
// session's active run while it lasts (events around it carry its id).
import { afterEach, describe, expect, it } from 'vitest';
import { builtinAgents } from '../../source/agents/builtinAgents.js';
import { runBusyMessage, RunGate } from '../../source/engine/session/runGate.js';
import type { AgentEvent } from '../../source/protocol/events.js';
import { createScriptedProvider, type ScriptedProvider } from '../../source/providers/scripted.js';
import { makeHarness, type Harness } from '../support/engineHarness.js';

let h: Harness | undefined;
afterEach(async () => {
  await h?.cleanup();
  h = undefined;
});

/** A provider whose first request waits until the test lets it go. */
function heldProvider() {
  const scripted = createScriptedProvider(() => ({ text: 'not a plan' }));
  let release = () => {};
  const held = new Promise<void>((resolve) => { release = resolve; });
  let asked = false;
  const provider: ScriptedProvider = {
    name: scripted.name,
    requests: scripted.requests,
    async *stream(request, signal) {
      asked = true;
      await held;
      yield* scripted.stream(request, signal);
    },
  };
  return { provider, release, asked: () => asked };
}

describe('run gate', () => {
  it('a second begin is refused with the gate sentence until the first run ends', () => {
    const gate = new RunGate();
    const first = gate.begin();
    expect(gate.runId).toBe(first.runId);
    expect(() => gate.begin()).toThrow(runBusyMessage);
    first.end();
    expect(gate.running).toBe(false);
    const work = gate.begin({ runId: false });
    expect(work.runId).toBeUndefined();
    // An end from a run that is over opens nothing.
    first.end();
    expect(gate.running).toBe(true);
    work.end();
  });

  it('a team run is the active run: events around it carry its id, and prompt, shell and runs.prompt refuse with one sentence', async () => {
    const held = heldProvider();
    h = makeHarness([], { provider: held.provider, agents: { definitions: [...builtinAgents], maxParallel: 2, maxTurns: 5 } });
    const session = h.session;
    const seen: AgentEvent[] = [];
    session.runs.subscribe((event) => seen.push(event));
    const draining = session.runs.team!('plan the work');
    await expect.poll(() => held.asked(), { timeout: 30_000 }).toBe(true);
    const runId = seen.find((e) => e.type === 'run_start')?.runId;
    expect(runId).toBeDefined();
    expect(session.runs.isRunning()).toBe(true);

    session.settings.setMode('plan');
    expect(seen.find((e) => e.type === 'mode_change')?.runId).toBe(runId);

    await expect(session.runs.prompt('hello')).rejects.toThrow(runBusyMessage);
    await expect(session.runs.shell('ls')).rejects.toThrow(runBusyMessage);
    await session.runs.compact();
    expect(seen.some((e) => e.type === 'warning' && e.message.includes('before compacting'))).toBe(true);

    session.runs.abort();
    held.release();
    expect(await draining).toMatchObject({ type: 'run_end', runId });
    expect(seen.filter((e) => e.type === 'run_end' && e.agentId === undefined).at(-1)).toMatchObject({ runId });
    expect(session.runs.isRunning()).toBe(false);
  });

  it('runs.prompt resolves with the run_end subscribers saw, and subscribers get the run own events', async () => {
    h = makeHarness([{ text: 'hi there' }]);
    const seen: AgentEvent[] = [];
    const off = h.session.runs.subscribe((event) => seen.push(event));
    const outcome = await h.session.runs.prompt('hello');
    off();
    expect(outcome).toMatchObject({ type: 'run_end', reason: 'done', text: 'hi there' });
    expect(seen.filter((e) => e.type === 'run_end')).toEqual([outcome]);
    expect(seen.map((e) => e.type)).toEqual(expect.arrayContaining(['session_start', 'run_start', 'message_end', 'run_end']));
  });
});
