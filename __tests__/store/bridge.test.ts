// Bridge tests against a scripted session: batching, queueing, abort, approvals, commands.
import { describe, expect, it } from 'vitest';
import { coalesceDeltas, createBridge } from '../../source/store/bridge.js';
import { applyEvent } from '../../source/store/applyEvent.js';
import { initialState } from '../../source/store/state.js';
import type { AgentEvent } from '../../source/protocol/events.js';
import type { SlashCommand } from '../../source/commands/slashCommand.js';
import { approvalRequest, FakeSession, messageEnd, runEnd, ticks } from '../support/fakeSession.js';

/** A timer the test fires by hand, so batching is checked without depending on the clock. */
function manualSchedule() {
  const jobs: Array<() => void> = [];
  return {
    schedule: (run: () => void) => {
      jobs.push(run);
      return () => {
        const i = jobs.indexOf(run);
        if (i >= 0) jobs.splice(i, 1);
      };
    },
    fire: () => jobs.splice(0).forEach((run) => run()),
    get pending() {
      return jobs.length;
    },
  };
}

const assistantText = (bridge: ReturnType<typeof createBridge>): string =>
  bridge.store.getState().transcript.flatMap((i) => (i.kind === 'assistant' ? [i.text] : [])).join('');

describe('bridge', () => {
  it('batches many deltas into few store updates without losing text', async () => {
    const session = new FakeSession();
    const deltas: AgentEvent[] = Array.from({ length: 500 }, (_, i) => ({ type: 'text_delta', runId: 'r1', messageId: 'm1', text: `${i},` }));
    const full = Array.from({ length: 500 }, (_, i) => `${i},`).join('');
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    session.script(
      { type: 'run_start', sessionId: 's1', runId: 'r1', prompt: 'go' },
      { type: 'message_start', runId: 'r1', turnId: 't1', messageId: 'm1' },
      ...deltas,
      { wait: 'promise', promise: gate },
      messageEnd('r1', 'm1', full),
      runEnd('r1', 'done'),
    );
    const timer = manualSchedule();
    const bridge = createBridge(session, { schedule: timer.schedule });
    let updates = 0;
    bridge.store.subscribe(() => updates++);
    bridge.send('go');
    await ticks(5);
    // All 500 deltas wait for one timer; nothing streamed has reached the store yet.
    expect(timer.pending).toBe(1);
    const before = updates;
    timer.fire();
    expect(updates).toBe(before + 1);
    expect(assistantText(bridge)).toBe(full);
    release();
    await bridge.idle();
    expect(updates).toBeLessThan(10);
    expect(bridge.store.getState().running).toBe(false);
  });

  it('sends deltas on at once when the last update is older than the interval, else when it has passed', async () => {
    const session = new FakeSession();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    session.script(
      { type: 'run_start', sessionId: 's1', runId: 'r1', prompt: 'go' },
      { type: 'message_start', runId: 'r1', turnId: 't1', messageId: 'm1' },
      { type: 'text_delta', runId: 'r1', messageId: 'm1', text: 'one ' },
      { wait: 'promise', promise: gate },
      { type: 'text_delta', runId: 'r1', messageId: 'm1', text: 'two' },
      messageEnd('r1', 'm1', 'one two'),
      runEnd('r1', 'done'),
    );
    const waits: number[] = [];
    const timer = manualSchedule();
    let clock = 1_000;
    const bridge = createBridge(session, { flushIntervalMs: 33, now: () => clock, schedule: (run, ms) => (waits.push(ms), timer.schedule(run)) });
    bridge.send('go');
    await ticks(5);
    // run_start and message_start updated the store at this moment: the first delta waits out the interval.
    expect(waits).toEqual([33]);
    clock += 33;
    timer.fire();
    expect(assistantText(bridge)).toBe('one ');
    // 50 ms after that update, the next delta goes on as soon as what came with it is handled.
    clock += 50;
    release();
    await ticks(5);
    expect(waits).toEqual([33, 0]);
    timer.fire();
    expect(assistantText(bridge)).toBe('one two');
    await bridge.idle();
  });

  it('counts deltas a little early (a read a frame after the last, give or take) as on time', async () => {
    const session = new FakeSession();
    const gates: Array<() => void> = [];
    const gate = (): { wait: 'promise'; promise: Promise<unknown> } => ({ wait: 'promise', promise: new Promise<void>((resolve) => gates.push(resolve)) });
    const delta = (text: string): AgentEvent => ({ type: 'text_delta', runId: 'r1', messageId: 'm1', text });
    session.script(
      { type: 'run_start', sessionId: 's1', runId: 'r1', prompt: 'go' },
      { type: 'message_start', runId: 'r1', turnId: 't1', messageId: 'm1' },
      gate(),
      delta('a'),
      gate(),
      delta('b'),
      gate(),
      runEnd('r1', 'done'),
    );
    const waits: number[] = [];
    const timer = manualSchedule();
    let clock = 1_000;
    const bridge = createBridge(session, { flushIntervalMs: 33, now: () => clock, schedule: (run, ms) => (waits.push(ms), timer.schedule(run)) });
    bridge.send('go');
    await ticks(5);
    // 30 ms after the last update: on time.
    clock += 30;
    gates.shift()?.();
    await ticks(5);
    timer.fire();
    // 20 ms after that one: it waits the 13 ms left.
    clock += 20;
    gates.shift()?.();
    await ticks(5);
    expect(waits).toEqual([0, 13]);
    timer.fire();
    gates.shift()?.();
    await bridge.idle();
    expect(assistantText(bridge)).toBe('ab');
  });

  it('flushes buffered deltas before a non-delta event, keeping order', async () => {
    const session = new FakeSession();
    session.script(
      { type: 'run_start', sessionId: 's1', runId: 'r1', prompt: 'go' },
      { type: 'message_start', runId: 'r1', turnId: 't1', messageId: 'm1' },
      { type: 'text_delta', runId: 'r1', messageId: 'm1', text: 'abc' },
      { type: 'warning', runId: 'r1', message: 'careful' },
      runEnd('r1', 'done'),
    );
    const timer = manualSchedule();
    const bridge = createBridge(session, { schedule: timer.schedule });
    bridge.send('go');
    await bridge.idle();
    const kinds = bridge.store.getState().transcript.map((i) => i.kind);
    expect(kinds).toEqual(['user', 'assistant', 'notice']);
    expect(assistantText(bridge)).toBe('abc');
  });

  /** A bridge whose first message 'first' runs until `release` is called. */
  async function busyBridge() {
    const session = new FakeSession();
    let release!: () => void;
    session.script({ type: 'run_start', sessionId: 's1', runId: 'r1', prompt: 'first' }, { wait: 'promise', promise: new Promise((r) => (release = () => r(undefined))) }, runEnd('r1', 'done'));
    const bridge = createBridge(session);
    bridge.send('first');
    await ticks();
    return { session, bridge, release };
  }

  it('queues a message sent during a run and sends it when the run ends', async () => {
    const { session, bridge, release } = await busyBridge();
    bridge.send('second');
    expect(bridge.store.getState().queued).toEqual(['second']);
    expect(session.prompts).toEqual(['first']);
    release();
    await bridge.idle();
    expect(session.prompts).toEqual(['first', 'second']);
    expect(bridge.store.getState().queued).toEqual([]);
  });

  it('sends a message starting with ! to the shell, queued or not, and a lone ! to the model', async () => {
    const { session, bridge, release } = await busyBridge();
    bridge.send('!git status');
    release();
    await bridge.idle();
    bridge.send('  !ls -la');
    await bridge.idle();
    bridge.send('!');
    await bridge.idle();
    expect(session.shells).toEqual(['git status', 'ls -la']);
    expect(session.prompts).toEqual(['first', '!']);
  });

  it('abort calls session.abort, shows interrupted at once and frees the prompt', async () => {
    const session = new FakeSession();
    session.script(
      { type: 'run_start', sessionId: 's1', runId: 'r1', prompt: 'go' },
      { type: 'tool_call_start', runId: 'r1', messageId: 'm1', toolCallId: 'c1', name: 'bash' },
      { wait: 'abort' },
    );
    const bridge = createBridge(session);
    bridge.send('go');
    await ticks();
    expect(bridge.store.getState().running).toBe(true);
    bridge.abort();
    expect(session.aborts).toBe(1);
    const state = bridge.store.getState();
    expect(state.running).toBe(false);
    expect(state.transcript.some((i) => i.kind === 'notice' && i.level === 'interrupted')).toBe(true);
    await bridge.idle();
    const markers = bridge.store.getState().transcript.filter((i) => i.kind === 'notice' && i.level === 'interrupted');
    expect(markers).toHaveLength(1);
    // The prompt works again: the next message runs.
    bridge.send('again');
    await bridge.idle();
    expect(session.prompts).toEqual(['go', 'again']);
  });

  it('respond forwards the decision and closes the dialog before the engine confirms', async () => {
    const session = new FakeSession();
    session.script({ type: 'run_start', sessionId: 's1', runId: 'r1', prompt: 'go' }, approvalRequest('r1', 'a1', 'c1'), { wait: 'respond', approvalId: 'a1' }, runEnd('r1', 'done'));
    const bridge = createBridge(session);
    bridge.send('go');
    await ticks();
    expect(bridge.store.getState().approvals).toHaveLength(1);
    bridge.respond('a1', { kind: 'yes' });
    expect(session.responses).toEqual([{ approvalId: 'a1', decision: { kind: 'yes' } }]);
    expect(bridge.store.getState().approvals).toHaveLength(0);
    await bridge.idle();
  });

  it('Shift+Tab reaches yolo only in a session started in yolo', () => {
    const started = new FakeSession();
    started.info.mode = 'yolo';
    const bridge = createBridge(started);
    for (let i = 0; i < 4; i++) bridge.cycleMode();
    expect(started.modes).toEqual(['ask', 'auto-edit', 'plan', 'yolo']);
  });

  it('applies events from subscribe, mode cycling, model and clear', async () => {
    const session = new FakeSession();
    const bridge = createBridge(session);
    session.emit({ type: 'background_task', sessionId: 's1', task: { taskId: 'b1', command: 'sleep 9', status: 'running', startedAt: 0, lastLine: '' } });
    expect(bridge.store.getState().tasks).toHaveLength(1);
    bridge.cycleMode();
    expect(session.modes).toEqual(['auto-edit']);
    expect(bridge.store.getState().session.mode).toBe('auto-edit');
    bridge.setModel('gpt-4o');
    expect(bridge.store.getState().session.model).toBe('gpt-4o');
    bridge.setModel('bad-model');
    expect(bridge.store.getState().transcript.at(-1)).toMatchObject({ level: 'error' });
    bridge.clear();
    expect(session.clears).toBe(1);
    expect(bridge.store.getState().session.sessionId).toBe('s2');
    await bridge.killTask('b1');
    expect(session.killed).toEqual(['b1']);
  });

  it('runs slash commands instead of sending them and hints at unknown ones', async () => {
    const session = new FakeSession();
    const seen: string[] = [];
    const echo: SlashCommand = { name: 'echo', description: 'echo', run: (ctx, args) => { seen.push(args); ctx.print(`said ${args}`); } };
    const bridge = createBridge(session, { commands: [echo] });
    bridge.send('/echo hello there');
    await ticks();
    expect(seen).toEqual(['hello there']);
    expect(bridge.store.getState().transcript.at(-1)).toMatchObject({ kind: 'notice', level: 'command', text: 'said hello there', title: '/echo hello there' });
    bridge.send('/nope');
    await ticks();
    expect(bridge.store.getState().transcript.at(-1)).toMatchObject({ text: 'Unknown command: /nope (type /help for the list)' });
    // A name two edits from a command gets it suggested, as Claude Code suggests it.
    bridge.send('/ecko x');
    await ticks();
    expect(bridge.store.getState().transcript.at(-1)).toMatchObject({ text: 'Unknown command: /ecko. Did you mean /echo? (type /help for the list)' });
    expect(session.prompts).toEqual([]);
    // A path, or a name that is a path on this machine, is a message, not a command.
    bridge.send('/usr/bin/env is broken');
    await bridge.idle();
    bridge.send('/tmp is full');
    await bridge.idle();
    expect(session.prompts).toEqual(['/usr/bin/env is broken', '/tmp is full']);
  });

  it('exit notifies listeners once', () => {
    const bridge = createBridge(new FakeSession());
    let calls = 0;
    bridge.onExit(() => calls++);
    bridge.exit();
    bridge.exit();
    expect(calls).toBe(1);
  });
});

describe('coalesceDeltas', () => {
  it('joins runs of deltas per message and kind, keeps everything else in order, and reduces to the same state', () => {
    const events: AgentEvent[] = [
      { type: 'thinking_delta', runId: 'r1', messageId: 'm1', text: 'let me ' },
      { type: 'thinking_delta', runId: 'r1', messageId: 'm1', text: 'think' },
      { type: 'text_delta', runId: 'r1', messageId: 'm1', text: 'Hel' },
      { type: 'text_delta', runId: 'r1', messageId: 'm1', text: 'lo' },
      { type: 'tool_call_start', runId: 'r1', messageId: 'm1', toolCallId: 'c1', name: 'bash' },
      { type: 'text_delta', runId: 'r1', messageId: 'm1', text: ' again' },
      { type: 'text_delta', runId: 'r1', messageId: 'm2', text: 'other' },
      { type: 'text_delta', runId: 'r1', messageId: 'm2', text: ' message' },
    ];
    const joined = coalesceDeltas(events);
    expect(joined.map((e) => (e.type === 'text_delta' || e.type === 'thinking_delta' ? `${e.type}:${e.messageId}:${e.text}` : e.type))).toEqual([
      'thinking_delta:m1:let me think',
      'text_delta:m1:Hello',
      'tool_call_start',
      'text_delta:m1: again',
      'text_delta:m2:other message',
    ]);
    const start = initialState(new FakeSession().info);
    expect(joined.reduce(applyEvent, start).transcript).toEqual(events.reduce(applyEvent, start).transcript);
  });
});
