// Every repair repairHistory makes, and the loop repairing an invalid history before it sends a request.
import { afterEach, describe, expect, it } from 'vitest';
import { validateHistory } from '../../source/engine/history.js';
import { missingStartText, repairHistory, unansweredCallText } from '../../source/engine/historyRepair.js';
import type { AssistantMessage, Message, ToolResultBlock, UserMessage } from '../../source/protocol/messages.js';
import { makeHarness, runEnd, runPrompt, type Harness } from '../support/engineHarness.js';

const user = (text: string): UserMessage => ({ role: 'user', content: [{ type: 'text', text }] });
const said = (text: string): AssistantMessage => ({ role: 'assistant', content: [{ type: 'text', text }] });
const calls = (...ids: string[]): AssistantMessage => ({ role: 'assistant', content: ids.map((id) => ({ type: 'tool_use', id, name: 'glob', input: { pattern: id } })) });
const result = (id: string, content = `out ${id}`): ToolResultBlock => ({ type: 'tool_result', toolUseId: id, content });
const results = (...ids: string[]): UserMessage => ({ role: 'user', content: ids.map((id) => result(id)) });
const interrupted = (id: string): ToolResultBlock => ({ type: 'tool_result', toolUseId: id, content: unansweredCallText, isError: true });

function repaired(history: Message[]): Message[] {
  expect(validateHistory(history)).toBeDefined();
  const out = repairHistory(history);
  expect(validateHistory(out)).toBeUndefined();
  return out;
}

describe('repairHistory', () => {
  it('leaves a valid history as it is', () => {
    const history: Message[] = [user('hi'), calls('a'), { role: 'user', content: [{ type: 'text', text: 'note first' }, result('a')] }, said('done')];
    expect(repairHistory(history)).toEqual(history);
  });

  it('puts a user message before a history that starts with the assistant', () => {
    expect(repaired([said('hello'), user('hi')])).toEqual([user(missingStartText), said('hello'), user('hi')]);
  });

  it('answers the calls of a last assistant message "interrupted"', () => {
    expect(repaired([user('go'), calls('a', 'b')])).toEqual([user('go'), calls('a', 'b'), { role: 'user', content: [interrupted('a'), interrupted('b')] }]);
  });

  it('answers calls followed by a user message without results, results first', () => {
    expect(repaired([user('go'), calls('a'), user('next')])).toEqual([user('go'), calls('a'), { role: 'user', content: [interrupted('a'), { type: 'text', text: 'next' }] }]);
  });

  it('fills in a missing result among present ones, in call order', () => {
    expect(repaired([user('go'), calls('a', 'b', 'c'), results('a', 'c')])).toEqual([user('go'), calls('a', 'b', 'c'), { role: 'user', content: [result('a'), interrupted('b'), result('c')] }]);
  });

  it('puts results given out of order back in call order', () => {
    expect(repaired([user('go'), calls('a', 'b'), results('b', 'a')])).toEqual([user('go'), calls('a', 'b'), results('a', 'b')]);
  });

  it('drops a result that answers no call of the message before it', () => {
    expect(repaired([user('go'), calls('a'), results('a', 'x')])).toEqual([user('go'), calls('a'), results('a')]);
  });

  it('drops a second result for the same call', () => {
    const history: Message[] = [user('go'), calls('a'), { role: 'user', content: [result('a', 'first'), result('a', 'second')] }];
    expect(repaired(history)).toEqual([user('go'), calls('a'), { role: 'user', content: [result('a', 'first')] }]);
  });

  it('drops results that follow no assistant message, and a message left empty by that', () => {
    expect(repaired([user('go'), said('ok'), results('x'), said('more')])).toEqual([user('go'), { role: 'assistant', content: [{ type: 'text', text: 'ok' }, { type: 'text', text: 'more' }] }]);
    expect(repaired([results('x'), user('go')])).toEqual([user('go')]);
  });

  it('joins two assistant messages in a row when the first made no calls', () => {
    expect(repaired([user('go'), said('one'), said('two')])).toEqual([user('go'), { role: 'assistant', content: [{ type: 'text', text: 'one' }, { type: 'text', text: 'two' }] }]);
  });

  it('answers the calls of an assistant message followed by another one', () => {
    expect(repaired([user('go'), calls('a'), said('two')])).toEqual([user('go'), calls('a'), { role: 'user', content: [interrupted('a')] }, said('two')]);
  });
});

describe('the loop before every request', () => {
  let h: Harness | undefined;
  afterEach(async () => {
    await h?.cleanup();
    h = undefined;
  });

  it('repairs an invalid history, says so once, and never sends an invalid request', async () => {
    h = makeHarness([{ text: 'fine' }, { text: 'still fine' }], { resume: { history: [user('earlier'), calls('lost')], todos: [] } });
    const events = await runPrompt(h.session, 'continue');
    expect(runEnd(events).reason).toBe('done');
    expect(h.invalidRequests).toEqual([]);
    const warnings = events.filter((e) => e.type === 'warning' && /repaired/.test(e.message));
    expect(warnings).toHaveLength(1);
    const sent = h.provider.requests[0].messages;
    expect(sent[2].content[0]).toEqual(interrupted('lost'));
    const again = await runPrompt(h.session, 'and more');
    expect(again.some((e) => e.type === 'warning')).toBe(false);
    expect(h.invalidRequests).toEqual([]);
  });
});
