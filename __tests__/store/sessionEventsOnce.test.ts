// The session emits mode_change, model_change and conversation_cleared itself: the store receives each once,
// through the event pump, whether the change came from a key, a command or the session.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AgentEvent } from '../../source/protocol/events.js';
import { createBridge, type Bridge } from '../../source/store/bridge.js';
import { slashCommands } from '../../source/commands/builtins.js';
import { makeHarness, type Harness } from '../support/engineHarness.js';

const applied: AgentEvent[] = [];
vi.mock('../../source/store/applyEvent.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../source/store/applyEvent.js')>();
  return {
    ...real,
    applyEvent: (state: Parameters<typeof real.applyEvent>[0], event: AgentEvent) => {
      applied.push(event);
      return real.applyEvent(state, event);
    },
  };
});

const count = (type: AgentEvent['type']) => applied.filter((e) => e.type === type).length;

describe('session events reach the store once', () => {
  let h: Harness | undefined;
  let bridge: Bridge | undefined;
  afterEach(async () => {
    bridge?.dispose();
    await h?.cleanup();
    applied.length = 0;
  });

  it('mode, model and a cleared conversation, from actions and from commands', async () => {
    h = makeHarness([{ text: 'hello' }], { mode: 'ask' });
    bridge = createBridge(h.session, { commands: slashCommands });
    bridge.setMode('plan');
    expect(bridge.store.getState().session.mode).toBe('plan');
    expect(count('mode_change')).toBe(1);
    bridge.cycleMode();
    expect(bridge.store.getState().session.mode).toBe('ask');
    expect(count('mode_change')).toBe(2);

    bridge.setModel('claude-sonnet-4-5');
    expect(bridge.store.getState().session.model).toBe('claude-sonnet-4-5');
    expect(count('model_change')).toBe(1);

    bridge.send('hi');
    await bridge.idle();
    expect(bridge.store.getState().transcript.some((i) => i.kind === 'assistant')).toBe(true);
    const before = bridge.store.getState().session.sessionId;
    await bridge.runCommand('/clear');
    const state = bridge.store.getState();
    expect(state.session.sessionId).not.toBe(before);
    expect(state.transcript.map((i) => (i.kind === 'notice' ? i.text : i.kind))).toEqual([`Started a new conversation. The previous one is saved as ${before}; /resume opens it.`]);
    expect(count('conversation_cleared')).toBe(1);

    await bridge.runCommand('/mode auto-edit');
    expect(bridge.store.getState().session.mode).toBe('auto-edit');
    expect(count('mode_change')).toBe(3);
  });
});
