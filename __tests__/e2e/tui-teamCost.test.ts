// End-to-end: a /team run that fails still shows what its requests spent, in /cost and on the status line.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startMockLlmServer } from '../support/mockLlmServer.js';
import { openRein, promptLine, typeAndSend as send, useTuiFixture } from '../support/tmux.js';

const fx = useTuiFixture('teamcost');

describe('/cost after a failed /team run', () => {
  it('counts every request the planner made, though the team gave up', async () => {
    // The planner answers in prose every time: no usable plan, and the team stops after its tries.
    const server = await startMockLlmServer({ respond: () => ({ text: 'I would rather not make a plan today.', usage: { inputTokens: 1_200, outputTokens: 30 } }) });
    const p = await openRein(fx, server);
    await send(p, '/team write the parser');
    await p.waitFor((s) => s.includes('planner gave no usable plan') && promptLine(s).includes('Type a message'), 60_000);
    const requests = server.requests.length;
    expect(requests).toBeGreaterThanOrEqual(2);
    await send(p, '/cost');
    const screen = await p.waitFor('Tokens out:', 20_000);
    const tokensIn = Number(/Tokens in:\s+([\d,]+)/.exec(screen)?.[1]?.replace(/,/g, '') ?? '-1');
    const tokensOut = Number(/Tokens out:\s+([\d,]+)/.exec(screen)?.[1]?.replace(/,/g, '') ?? '-1');
    expect(tokensIn).toBe(requests * 1_200);
    expect(tokensOut).toBe(requests * 30);
    // The status line counts them too.
    expect(screen).toMatch(new RegExp(`↑${((requests * 1_200) / 1000).toFixed(1)}k ↓${requests * 30}`));
  });
});

describe('estimated usage on screen', () => {
  it('marks the figures with ~ and /cost says they are estimates when the server sent no usage', async () => {
    // One retry: each planner request's stream breaks off once, and its tokens are rein's estimate.
    writeFileSync(join(fx.home, 'agent.config.json'), JSON.stringify({ maxRetries: 1 }));
    const server = await startMockLlmServer({ respond: () => ({ text: 'a plan that breaks off halfway through every time', fault: { kind: 'cut_mid_text' } }) });
    const p = await openRein(fx, server);
    await send(p, '/team write the parser');
    await p.waitFor((s) => /The team stopped/.test(s) && promptLine(s).includes('Type a message'), 60_000);
    await send(p, '/cost');
    const screen = await p.waitFor('Estimated:  some counts', 20_000);
    expect(Number(/Tokens in:\s+([\d,]+)/.exec(screen)?.[1]?.replace(/,/g, '') ?? '0')).toBeGreaterThan(0);
    expect(screen).toMatch(/↑~[\d.]+k? ↓~\d/);
  });
});
