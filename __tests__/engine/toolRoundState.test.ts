// The states a tool call walks through in a round: only the moves the round makes are allowed.
import { describe, expect, it } from 'vitest';
import { canMove, type CallState } from '../../source/engine/toolRoundState.js';

const states: CallState[] = ['received', 'validated', 'hook-checked', 'decided', 'asked', 'running', 'done'];
const allowed: Record<CallState, CallState[]> = {
  received: ['validated', 'running', 'done'],
  validated: ['hook-checked', 'done'],
  'hook-checked': ['decided', 'running', 'done'],
  decided: ['asked', 'running', 'done'],
  asked: ['running', 'done'],
  running: ['done'],
  done: [],
};

describe('tool call states', () => {
  it.each(states)('from %s only the round\'s own moves are allowed', (from) => {
    expect(states.filter((to) => canMove(from, to))).toEqual(allowed[from]);
  });

  it('no call runs without being decided, except one the runner answers unrun', () => {
    // validated → running would skip the hooks and the decision.
    expect(canMove('validated', 'running')).toBe(false);
    expect(canMove('validated', 'asked')).toBe(false);
    expect(canMove('hook-checked', 'asked')).toBe(false);
  });
});
