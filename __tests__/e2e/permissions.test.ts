// End-to-end: the built CLI in tmux shows the exact rule "always" adds; "this project" saves it and the next session honours it.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startMockLlmServer, type MockTurn } from '../support/mockLlmServer.js';
import { promptLine, openRein, typeAndSend as send, useTuiFixture, type TmuxPane } from '../support/tmux.js';

const fx = useTuiFixture('perms');

const startRein = async (turns: MockTurn[]): Promise<TmuxPane> => openRein(fx, await startMockLlmServer({ turns }));

const toolResults = (request: number): string =>
  JSON.stringify((fx.server?.requests[request]?.body.messages as Array<{ role: string }>).filter((m) => m.role === 'tool'));

describe('permission rules in the TUI', () => {
  it('shows the rule "always" adds, saves the project choice, and the next session runs it without asking', async () => {
    writeFileSync(join(fx.cwd, 'package.json'), JSON.stringify({ name: 'fixture', scripts: { greet: 'echo hello-from-script', deploy: 'echo deployed' } }));
    const turns = (last: string): MockTurn[] => [{ toolCalls: [{ name: 'bash', input: { command: 'npm run greet --silent' } }] }, { text: last }];
    const first = await startRein(turns('First run done.'));
    await send(first, 'Greet');
    const dialog = await first.waitFor('Allow bash?');
    expect(dialog).toContain('$ npm run greet --silent');
    expect(dialog).toContain('Always adds (prefix): Bash(npm run greet:*)');
    expect(dialog).toMatch(/Yes\s+No\s+Always \(session\)\s+Always \(project\)/);
    await first.sendKeys('p');
    await first.waitFor((s) => s.includes('First run done.') && promptLine(s).includes('Type a message'));
    const settings = join(fx.cwd, '.claude', 'settings.local.json');
    expect(JSON.parse(readFileSync(settings, 'utf8'))).toEqual({ permissions: { allow: ['Bash(npm run greet:*)'] } });
    expect(toolResults(1)).toContain('hello-from-script');
    await send(first, '/exit');
    await first.waitFor(/EXIT:0/);
    await first.kill();
    await fx.server?.close();

    const next = await startRein([
      { toolCalls: [{ name: 'bash', input: { command: 'npm run greet --silent' } }] },
      { toolCalls: [{ name: 'bash', input: { command: 'npm run deploy' } }] },
      { text: 'Second run done.' },
    ]);
    await send(next, 'Greet again');
    // The saved rule covers the greet script; the deploy script is another command and asks.
    const asked = await next.waitFor('Allow bash?');
    expect(asked).toContain('$ npm run deploy');
    expect(toolResults(1)).toContain('hello-from-script');
    await next.sendKeys('n');
    await next.waitFor('Reason (optional');
    await next.sendKeys('Enter');
    await next.waitFor((s) => s.includes('Second run done.') && promptLine(s).includes('Type a message'));
    expect(JSON.parse(readFileSync(settings, 'utf8'))).toEqual({ permissions: { allow: ['Bash(npm run greet:*)'] } });
    await send(next, '/permissions');
    const listed = await next.waitFor('Remove a session rule');
    expect(listed).toContain(`Bash(npm run greet:*)  · ${settings}`);
  });
});
