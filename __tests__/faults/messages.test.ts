// Fault suite, what the user reads: a run the guards stop leaves exactly one notice in the TUI's transcript.
import { afterEach, describe, expect, it } from 'vitest';
import { applyEvent } from '../../source/store/applyEvent.js';
import { initialState } from '../../source/store/state.js';
import type { AgentEvent } from '../../source/protocol/events.js';
import { makeHarness, runPrompt, type Harness } from '../support/engineHarness.js';

let h: Harness | undefined;
afterEach(async () => {
  await h?.cleanup();
  h = undefined;
});

/** The notices (errors, warnings, summaries) the transcript holds after the run's events. */
function notices(events: AgentEvent[]): string[] {
  let state = initialState({ sessionId: 's', cwd: '/w', provider: 'scripted', model: 'm', mode: 'yolo', contextWindow: 200_000 });
  for (const event of events) state = applyEvent(state, event);
  return state.transcript.flatMap((item) => (item.kind === 'notice' && item.level !== 'warning' ? [item.text] : []));
}

describe('one message when a guard stops the run', () => {
  it('repeated identical calls: one notice saying what happened and what to do', async () => {
    h = makeHarness(() => ({ toolCalls: [{ name: 'glob', input: { pattern: '*.nothing' } }] }));
    const events = await runPrompt(h.session, 'search');
    expect(notices(events)).toEqual(['Stopped: the model made the same tool call with identical arguments 5 times in a row and got the same result each time. Rephrase the task or add detail.']);
  });

  it('a provider error that cannot be retried: one notice', async () => {
    h = makeHarness([{ error: { kind: 'auth', message: 'The API key was rejected (401); set TEST_API_KEY.' } }]);
    const events = await runPrompt(h.session, 'hello');
    expect(notices(events)).toEqual(['The API key was rejected (401); set TEST_API_KEY.']);
  });

  it('failing calls: one notice naming the limit', async () => {
    h = makeHarness((_request, i) => ({ toolCalls: [{ name: 'read_file', input: { path: `missing-${i}.txt` } }] }));
    const events = await runPrompt(h.session, 'read');
    const shown = notices(events);
    expect(shown).toHaveLength(1);
    expect(shown[0]).toMatch(/^Stopped: 8 tool calls in a row failed\..*maxConsecutiveToolErrors/);
  });
});
