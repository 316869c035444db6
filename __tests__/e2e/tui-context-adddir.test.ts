// End-to-end at 80×24: /add-dir in the built CLI lets the model's read_file open a file outside the workspace (the
// mock model gets its content and the reminder), and /context draws its bar and table on the screen.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startMockLlmServer } from '../support/mockLlmServer.js';
import { reinCommand, useTuiFixture } from '../support/tmux.js';

const fx = useTuiFixture('ctxdir');
let outside: string | undefined;
afterEach(() => {
  if (outside) rmSync(outside, { recursive: true, force: true });
  outside = undefined;
});

describe('/add-dir and /context on the full screen', () => {
  it('adds a folder the model then reads from, and shows what fills the window', async () => {
    outside = mkdtempSync(join(tmpdir(), 'rein-e2e-added-'));
    writeFileSync(join(outside, 'plan.txt'), 'the plan lives outside the workspace\n');
    fx.server = await startMockLlmServer({ turns: [
      { toolCalls: [{ id: 'call_read', name: 'read_file', input: { path: join(outside, 'plan.txt') } }] },
      { text: 'Read the plan.' },
    ] });
    const args = ['--provider', 'openai', '--base-url', fx.server.openaiBaseUrl, '--model', 'test-model'];
    const p = await fx.tmux.start({ command: reinCommand({ cli: fx.cli.cliPath, args, home: fx.home, env: { OPENAI_API_KEY: 'sk-test' } }), cwd: fx.cwd, width: 80, height: 24 });
    fx.pane = p;
    await p.waitFor('Type a message', 20_000);
    await p.sendText(`/add-dir ${join(outside, 'plan.txt')}`);
    await p.sendKeys('Enter');
    await p.waitFor('is a file, not a folder');
    await p.sendText(`/add-dir ${outside}`);
    await p.sendKeys('Enter');
    await p.waitFor((s) => s.replace(/\s+/g, ' ').includes(`Added ${outside}: the file tools may read and write`));
    await p.sendText('read the plan');
    await p.sendKeys('Enter');
    await p.waitFor('Read the plan.', 30_000);
    const requests = fx.server.requests;
    expect(JSON.stringify(requests[0].body.messages)).toContain(`may now read and write, like the workspace: ${outside}`);
    expect(JSON.stringify(requests[1].body.messages)).toContain('the plan lives outside the workspace');
    await p.sendText('/context');
    await p.sendKeys('Enter');
    const screen = await p.waitFor(/· Free space\s+[\d,]+/);
    expect(screen).toMatch(/\[S+T+[MIKC]*C+·+\]/);
    expect(screen).toMatch(/C Messages\s+[\d,]+/);
    for (const row of screen.split('\n')) expect(row.length).toBeLessThanOrEqual(80);
  });
});
