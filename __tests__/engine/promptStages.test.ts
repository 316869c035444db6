// Prompt pipeline stages, each driven alone against the few session parts it reads.
import { describe, expect, it } from 'vitest';
import type { SessionCore } from '../../source/engine/session/core.js';
import { SessionMcp } from '../../source/engine/session/mcp.js';
import { mcpExpandStage, replyStage, type PromptRun, type PromptStage } from '../../source/engine/session/stages.js';
import type { AgentEvent } from '../../source/protocol/events.js';

/** The parts these stages read: the recorder and the session's MCP side (with no servers). */
function partsOfCore(): { core: SessionCore; recorded: AgentEvent[] } {
  const recorded: AgentEvent[] = [];
  const mcp = new SessionMcp(undefined, { runActive: () => true, hasListeners: () => false, warn: () => {}, status: () => {} });
  const core = { record: (event: AgentEvent) => (recorded.push(event), event), mcp } as unknown as SessionCore;
  return { core, recorded };
}

async function drive(stage: PromptStage, core: SessionCore, run: PromptRun): Promise<{ events: AgentEvent[]; goesOn: boolean }> {
  const events: AgentEvent[] = [];
  const generator = stage(core, run);
  for (;;) {
    const step = await generator.next();
    if (step.done) return { events, goesOn: step.value };
    events.push(step.value);
  }
}

const runOf = (text: string, options: PromptRun['options'] = {}): PromptRun =>
  ({ runId: 'run-1', signal: new AbortController().signal, text, options, message: text, attachments: [] });

describe('prompt pipeline stages', () => {
  it('reply: a fixed answer ends the run, recorded, and no later stage runs', async () => {
    const { core, recorded } = partsOfCore();
    const { events, goesOn } = await drive(replyStage, core, runOf('/nope', { reply: 'Unknown command: /nope' }));
    expect(goesOn).toBe(false);
    expect(events).toEqual([expect.objectContaining({ type: 'run_end', runId: 'run-1', reason: 'done', text: 'Unknown command: /nope', turns: 0 })]);
    expect(recorded).toEqual(events);
  });

  it('reply: a plain message passes on untouched', async () => {
    const { core } = partsOfCore();
    const run = runOf('hello');
    expect(await drive(replyStage, core, run)).toEqual({ events: [], goesOn: true });
    expect(run.message).toBe('hello');
  });

  it('MCP resources: a mention with no servers is one warning and the message is still sent as typed', async () => {
    const { core } = partsOfCore();
    const run = runOf('look at @docs:file://readme');
    const { events, goesOn } = await drive(mcpExpandStage, core, run);
    expect(goesOn).toBe(true);
    expect(events).toEqual([{ type: 'warning', runId: 'run-1', message: '@docs:file://readme was not attached: no MCP servers are configured.' }]);
    expect(run.message).toBe('look at @docs:file://readme');
  });
});
