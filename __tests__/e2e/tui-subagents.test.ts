// End-to-end: a subagent in the built CLI's full-screen TUI — its task block live, collapsed, expanded, in the sidebar, and stopped by Esc.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { validateHistory } from '../../source/engine/history.js';
import { fromOpenAIRequest } from '../support/requestHistory.js';
import { startMockLlmServer, type MockTurn } from '../support/mockLlmServer.js';
import { promptLine, openRein, typeAndSend as send, useTuiFixture, type TmuxPane } from '../support/tmux.js';

const fx = useTuiFixture('subagents');

const startRein = async (turns: MockTurn[]): Promise<TmuxPane> => openRein(fx, await startMockLlmServer({ turns }));

/** The parent's task call, then the child's two turns: a glob, then its answer streamed slowly. */
const childTurns = (answer: string, chunkDelayMs: number): MockTurn[] => [
  { toolCalls: [{ name: 'task', input: { description: 'find the notes', prompt: 'Find the notes file and say where it is.', subagent_type: 'explore' } }] },
  { toolCalls: [{ name: 'glob', input: { pattern: '**/*.md' } }] },
  { text: answer, chunkDelayMs },
];

/** The running block's status line: the child's last call, its turns, and its elapsed seconds. */
const statusRe = /⎿ glob\(\*\*\/\*\.md\) · 2 turns · (\d+)s/;
const elapsedOf = (screen: string): number => Number(statusRe.exec(screen)?.[1] ?? -1);

describe('subagents in the rein TUI in tmux', () => {
  it('shows a live task block and the child in the sidebar, then one line when done, and its calls with Ctrl+O', async () => {
    writeFileSync(join(fx.cwd, 'notes.md'), '# notes\n');
    const answer = `The notes are in notes.md at the root of the project. ${'More detail follows. '.repeat(5)}`;
    const p = await startRein([...childTurns(answer, 100), { text: 'Found it: notes.md.' }]);
    await send(p, 'Where are the notes?');

    const running = await p.waitFor((s) => statusRe.test(s) && s.includes('Subagents (1)'));
    expect(running).toMatch(/explore · find the notes/);
    expect(running).toMatch(/● explore · find the notes/);
    // The status line is live: its clock moves on while the child streams its answer.
    const first = elapsedOf(running);
    await p.waitFor(function elapsedMovedOn(s) { return elapsedOf(s) > first; });

    const done = await p.waitFor((s) => s.includes('Found it: notes.md.') && promptLine(s).includes('Type a message'), 20_000);
    expect(done).toMatch(/✓ explore · find the notes · 2 turns · [\d.k]+ tokens · [\d.]+m?s/);
    expect(done).not.toContain('Subagents (1)');
    expect(done).not.toContain('glob(**/*.md)');

    await p.sendKeys('C-o');
    const open = await p.waitFor('⎿ ✓ glob(**/*.md)');
    expect(open).toContain('The notes are in notes.md at the root of the project.');
    await p.sendKeys('C-o');
    await p.waitFor((s) => !s.includes('glob(**/*.md)'));
  });

  it('Esc stops the running child and the block shows interrupted', async () => {
    const answer = Array.from({ length: 40 }, (_, i) => `Finding number ${i}.`).join(' ');
    const p = await startRein([...childTurns(answer, 150), { text: 'Back again.' }]);
    await send(p, 'Where are the notes?');
    await p.waitFor((s) => statusRe.test(s) && s.includes('Subagents (1)'));
    await p.sendKeys('Escape');
    const stopped = await p.waitFor((s) => /■ explore · find the notes.* interrupted/.test(s) && s.includes('Interrupted.'));
    expect(stopped).not.toContain('Subagents (1)');
    expect(promptLine(stopped)).toContain('Type a message');

    // The session goes on, and every request it sent, the child's included, had a valid history.
    await send(p, 'Still there?');
    await p.waitFor('Back again.');
    for (const request of fx.server?.requests ?? []) expect(validateHistory(fromOpenAIRequest(request.body))).toBeUndefined();
  });
});
