// Answers cut by the length limit, on the scripted provider: complete calls run, the model learns which call was
// cut, the user learns the server's count, and a cut that leaves no answer never ends the run as a success.
import { afterEach, describe, expect, it } from 'vitest';
import { validateHistory } from '../../source/engine/history.js';
import { makeHarness, runEnd, runPrompt, userTexts, type Harness } from '../support/engineHarness.js';

let h: Harness | undefined;
afterEach(async () => {
  await h?.cleanup();
  h = undefined;
});

const warnings = (events: Awaited<ReturnType<typeof runPrompt>>) => events.flatMap((e) => (e.type === 'warning' ? [e.message] : []));

describe('an answer cut off by the length limit', () => {
  it('runs the complete calls, leaves the cut one out and asks for it again', async () => {
    h = makeHarness([
      {
        text: 'Looking first.',
        toolCalls: [{ id: 'c1', name: 'glob', input: { pattern: '*.a' } }, { id: 'c2', name: 'glob', input: { pattern: '*.b' } }],
        cutToolCall: { id: 'c3', name: 'write_file', partialJson: '{"path": "big.ts", "content": "export const' },
        usage: { outputTokens: 300 },
      },
      { text: 'done in pieces' },
    ]);
    const events = await runPrompt(h.session, 'write a big file');
    expect(warnings(events)).toEqual([
      'The answer was cut off by the length limit after 300 output tokens, inside a write_file call, which did not run; the 2 complete calls before it ran; the model was asked to make it again in smaller pieces.',
    ]);
    // The two read-only calls run side by side: either may end first.
    expect(events.filter((e) => e.type === 'tool_end').map((e) => (e as { toolCallId: string }).toolCallId).sort()).toEqual(['c1', 'c2']);
    const history = h.session.conversation.history();
    expect(history[1]!.content.filter((b) => b.type === 'tool_use').map((b) => (b as { id: string }).id)).toEqual(['c1', 'c2']);
    expect(userTexts(h.provider.requests[1]!).at(-1)).toMatch(/cut off by the length limit after 300 output tokens, while you were writing the arguments of a write_file call; that call was not run \(the calls before it were\)/);
    expect(runEnd(events)).toMatchObject({ reason: 'done', text: 'done in pieces' });
    expect(validateHistory(history)).toBeUndefined();
    expect(h.invalidRequests).toEqual([]);
  });

  it('goes on after a lone cut call, and stops with an error when every answer is cut inside a call', async () => {
    const cutTurn = { cutToolCall: { name: 'write_file', partialJson: '{"path": "big.ts", "content": "a' }, usage: { outputTokens: 512 } };
    h = makeHarness([cutTurn, cutTurn, cutTurn, { text: 'never asked' }], { interactive: false });
    const events = await runPrompt(h.session, 'write a big file');
    expect(h.provider.requests).toHaveLength(3);
    expect(events.some((e) => e.type === 'tool_start')).toBe(false);
    const end = runEnd(events);
    expect(end.reason).toBe('error');
    expect(end.error).toMatch(/^The model's answers were cut off by the length limit 3 times in a row while it wrote a write_file call \(rein asked for up to 1,000, so the server's own output limit or its full context window stopped it\)\.$/);
    expect(validateHistory(h.session.conversation.history())).toBeUndefined();
    expect(h.invalidRequests).toEqual([]);
  });

  it('an answer cut before it said anything ends in an error, not a success with no answer', async () => {
    h = makeHarness([{ thinking: 'Let me think about this at great length', stopReason: 'max_tokens', usage: { outputTokens: 1000 } }]);
    const events = await runPrompt(h.session, 'hard question');
    const end = runEnd(events);
    expect(end.reason).toBe('error');
    expect(end.error).toBe('The answer was cut off by the length limit after 1,000 output tokens before it said anything (its reasoning took them all); raise "maxTokens" in agent.config.json (it is 1,000).');
  });

  it('a text answer cut short keeps its text and names the server count, not the limit rein asked for', async () => {
    h = makeHarness([{ text: 'The first part of a long explanation', stopReason: 'max_tokens', usage: { outputTokens: 300 } }]);
    const events = await runPrompt(h.session, 'explain');
    expect(warnings(events)).toEqual([
      "The answer was cut off by the length limit after 300 output tokens; rein asked for up to 1,000, so the server's own output limit or its full context window stopped it.",
    ]);
    expect(runEnd(events)).toMatchObject({ reason: 'done', text: 'The first part of a long explanation' });
  });
});
