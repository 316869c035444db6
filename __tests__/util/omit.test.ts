// omit: a copy without the named keys, the input left as it was.
import { describe, expect, it } from 'vitest';
import { omit } from '../../source/util/omit.js';

describe('omit', () => {
  it('copies every other key and leaves the input untouched', () => {
    const event = { type: 'question_request', questionId: 'q1', agentId: undefined, nested: { a: 1 } };
    const copy = omit(event, 'type', 'agentId');
    expect(copy).toEqual({ questionId: 'q1', nested: { a: 1 } });
    expect('agentId' in copy).toBe(false);
    expect(event.type).toBe('question_request');
    expect('agentId' in event).toBe(true);
    expect(copy.nested).toBe(event.nested);
  });
});
