// /init: the model is asked to explore and write AGENTS.md, and the write is shown for approval even in yolo mode.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createBridge } from '../../source/store/bridge.js';
import { slashCommands } from '../../source/commands/builtins.js';
import { initPrompt } from '../../source/commands/init.js';
import { makeHarness, userTexts, type Harness } from '../support/engineHarness.js';

let h: Harness | undefined;
afterEach(async () => {
  await h?.cleanup();
  h = undefined;
});

describe('/init', () => {
  it('sends the exploration prompt and asks before writing AGENTS.md, in yolo mode too', async () => {
    h = makeHarness([
      { toolCalls: [{ name: 'write_file', input: { path: 'AGENTS.md', content: '# Agents\n\nRun `npm test`.\n' } }] },
      { text: 'Wrote AGENTS.md.' },
    ], { mode: 'yolo' });
    const bridge = createBridge(h.session, { commands: slashCommands });
    bridge.send('/init');
    await vi.waitFor(() => expect(bridge.store.getState().approvals).toHaveLength(1));
    const approval = bridge.store.getState().approvals[0];
    expect(approval.name).toBe('write_file');
    expect(approval.diff).toContain('+Run `npm test`.');
    expect(existsSync(join(h.workspace, 'AGENTS.md'))).toBe(false);
    bridge.respond(approval.approvalId, { kind: 'yes' });
    await bridge.idle();
    expect(readFileSync(join(h.workspace, 'AGENTS.md'), 'utf8')).toContain('Run `npm test`.');
    expect(userTexts(h.provider.requests[0])[0]).toBe(initPrompt);
    // The transcript shows the command as typed.
    expect(bridge.store.getState().transcript.find((i) => i.kind === 'user')).toMatchObject({ text: '/init' });
  });

  it('the ask holds for that run only: a later write in yolo mode runs without asking', async () => {
    h = makeHarness([
      { toolCalls: [{ name: 'write_file', input: { path: 'AGENTS.md', content: 'x\n' } }] },
      { text: 'Declined, fine.' },
      { toolCalls: [{ name: 'write_file', input: { path: 'AGENTS.md', content: 'later\n' } }] },
      { text: 'Done.' },
    ], { mode: 'yolo' });
    const bridge = createBridge(h.session, { commands: slashCommands });
    bridge.send('/init');
    await vi.waitFor(() => expect(bridge.store.getState().approvals).toHaveLength(1));
    bridge.respond(bridge.store.getState().approvals[0].approvalId, { kind: 'no' });
    await bridge.idle();
    expect(existsSync(join(h.workspace, 'AGENTS.md'))).toBe(false);
    bridge.send('write it now');
    await bridge.idle();
    expect(readFileSync(join(h.workspace, 'AGENTS.md'), 'utf8')).toBe('later\n');
  });
});
