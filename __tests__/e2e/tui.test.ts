// End-to-end: the built CLI's full-screen TUI in tmux against the mock LLM server — chat, approvals, interrupts, panels.
import { readFileSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { homeRelative } from '../../components/view/welcomeLines.js';
import { describe, expect, it } from 'vitest';
import { validateHistory } from '../../source/engine/history.js';
import { fromOpenAIRequest } from '../support/requestHistory.js';
import { startMockLlmServer, type MockLlmServer, type MockTurn } from '../support/mockLlmServer.js';
import { promptLine, openRein, statusLine, typeAndSend as send, useTuiFixture, type TmuxPane } from '../support/tmux.js';

const fx = useTuiFixture('tui');

/** Starts the mock server with `turns` and rein in tmux, and waits for the empty prompt. */
const startRein = async (turns: MockTurn[], extraArgs: string[] = []): Promise<TmuxPane> => openRein(fx, await startMockLlmServer({ turns }), extraArgs);

/** Every request the rein process sent must carry a valid history (each tool call answered, in order). */
function expectValidHistories(s: MockLlmServer): void {
  for (const request of s.requests) expect(validateHistory(fromOpenAIRequest(request.body))).toBeUndefined();
}

/** Every text the model was sent back as tool results, in one string (OpenAI format). */
const toolResultsOf = (s: MockLlmServer, request: number): string =>
  JSON.stringify((s.requests[request]?.body.messages as Array<{ role: string }>).filter((m) => m.role === 'tool'));

describe('rein TUI in tmux', () => {
  it('--continue shows the earlier conversation and sends it to the model', async () => {
    const first = await startRein([{ text: 'Noted: the codename is HERON.' }]);
    await send(first, 'Remember the codename HERON.');
    await first.waitFor((s) => s.includes('Noted: the codename is HERON.') && promptLine(s).includes('Type a message'));
    await send(first, '/exit');
    await first.waitFor(/EXIT:0/);
    await first.kill();
    await fx.server?.close();
    const p = await startRein([{ text: 'The codename was HERON.' }], ['--continue']);
    const resumed = await p.waitFor('Noted: the codename is HERON.');
    expect(resumed).toContain('Remember the codename HERON.');
    // A resumed session opens on its old transcript, not on the welcome box.
    expect(resumed).not.toContain('✻ rein');
    await send(p, 'What was the codename?');
    await p.waitFor('The codename was HERON.');
    expect(JSON.stringify(fx.server?.requests[0].body.messages)).toContain('Remember the codename HERON.');
    expectValidHistories(fx.server!);
  });

  it('shows the user message, the streamed answer, and the model and mode in the status bar', async () => {
    const p = await startRein([{ text: 'The answer is forty-two, streamed in small chunks.', chunkDelayMs: 5 }]);
    // A new session opens with the welcome box: version, model and provider, where it runs, three tips.
    const welcome = await p.capture();
    const { version } = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string };
    expect(welcome).toContain(`✻ rein ${version}`);
    expect(welcome).toContain('model: test-model (openai)');
    expect(welcome).toContain(`cwd:   ${homeRelative(fx.cwd, homedir())}`);
    expect(welcome).toContain('/help lists the commands and keys');
    expect(welcome).toContain('Shift+Tab changes the permission mode');
    await send(p, 'What is the answer?');
    const screen = await p.waitFor((s) => s.includes('The answer is forty-two, streamed in small chunks.') && promptLine(s).includes('Type a message'));
    expect(screen).toMatch(/^❯ What is the answer\?/m);
    expect(statusLine(screen)).toMatch(/test-model \(openai\) · ask ·/);
    expect(promptLine(screen)).toContain('Type a message');
    expect(fx.server?.requests).toHaveLength(1);
    // Prompt history goes to REIN_HOME, never to the real home.
    expect(readFileSync(join(fx.home, 'prompt-history.jsonl'), 'utf8')).toContain('What is the answer?');
  });

  it('shows an edit diff for approval, applies it after y, and shows the diff in the transcript', async () => {
    writeFileSync(join(fx.cwd, 'greet.txt'), 'hello old world\n');
    const p = await startRein([
      { toolCalls: [{ name: 'read_file', input: { path: 'greet.txt' } }] },
      { toolCalls: [{ name: 'edit_file', input: { path: 'greet.txt', old_string: 'hello old world', new_string: 'hello new world' } }] },
      { text: 'Greeting updated.' },
    ]);
    await send(p, 'Change old to new in greet.txt');
    const dialog = await p.waitFor('Allow edit_file?');
    expect(dialog).toMatch(/^\s*│\s+-hello old world/m);
    expect(dialog).toMatch(/^\s*│\s+\+hello new world/m);
    expect(dialog).toMatch(/Yes\s+No\s+Always \(session\)\s+Always \(project\)/);
    expect(readFileSync(join(fx.cwd, 'greet.txt'), 'utf8')).toBe('hello old world\n');

    await p.sendKeys('y');
    const after = await p.waitFor('Greeting updated.');
    expect(after).not.toContain('Allow edit_file?');
    expect(after).toMatch(/Updated greet\.txt \+1 -1/);
    expect(after).toMatch(/^\s+-hello old world/m);
    expect(after).toMatch(/^\s+\+hello new world/m);
    expect(readFileSync(join(fx.cwd, 'greet.txt'), 'utf8')).toBe('hello new world\n');
  });

  it('denies a bash call with n and a reason that reaches the model, then shows its next answer', async () => {
    const p = await startRein([
      { toolCalls: [{ name: 'bash', input: { command: 'rm -rf build-output' } }] },
      { text: 'Understood, I will keep the build output.' },
    ]);
    await send(p, 'Clean the build');
    const dialog = await p.waitFor('Allow bash?');
    expect(dialog).toContain('$ rm -rf build-output');
    expect(dialog).toContain(`in ${fx.cwd}`);

    await p.sendKeys('n');
    await p.waitFor('Reason (optional, Enter sends, Esc skips)');
    await p.sendText('keep the artifacts');
    await p.waitFor(/Reason \(optional, Enter sends, Esc skips\): keep the artifacts/);
    await p.sendKeys('Enter');
    const after = await p.waitFor('Understood, I will keep the build output.');
    expect(after).toMatch(/bash\(rm -rf build-output\) denied/);
    expect(after).toContain('Denied: keep the artifacts');
    expect(fx.server?.requests).toHaveLength(2);
    expect(toolResultsOf(fx.server!, 1)).toContain('keep the artifacts');
    expectValidHistories(fx.server!);
  });

  it('interrupts a slow stream with Esc, keeps the prompt usable and answers the next message', async () => {
    // Streamed text shows line by line, so the story is many short lines (about 6 s to stream in full).
    const story = Array.from({ length: 30 }, (_, i) => `Story line ${i}.`).join('\n');
    const p = await startRein([{ text: story, chunkDelayMs: 50 }, { text: 'Back to normal.' }]);
    await send(p, 'Tell me a long story');
    await p.waitFor('Story line 1.');
    await p.sendKeys('Escape');
    const stopped = await p.waitFor('Interrupted.');
    expect(stopped).not.toContain('Story line 29.');
    expect(stopped).toContain('Story line 0.');

    await p.sendText('still here');
    await p.waitFor((screen) => promptLine(screen) === '❯ still here');
    await p.sendKeys('C-u');
    await p.waitFor((screen) => promptLine(screen).includes('Type a message'));
    await send(p, 'Are you there?');
    await p.waitFor('Back to normal.');
    expect(fx.server?.requests).toHaveLength(2);
    const messages = JSON.stringify(fx.server?.requests[1]?.body.messages);
    expect(messages).toContain('Are you there?');
    expectValidHistories(fx.server!);
  });

  it('shows todos with their states and counts and a background task in the sidebar and its panel', async () => {
    const todos = [
      { content: 'Write the parser', activeForm: 'Writing the parser', status: 'completed' },
      { content: 'Write the tests', activeForm: 'Writing the tests', status: 'in_progress' },
      { content: 'Update the docs', activeForm: 'Updating the docs', status: 'pending' },
    ];
    const p = await startRein(
      [
        { toolCalls: [{ name: 'todo_write', input: { todos } }, { name: 'bash', input: { command: 'echo started; sleep 30', run_in_background: true } }] },
        { text: 'Plan written and the server is starting.' },
      ],
      ['--permission-mode', 'yolo'],
    );
    expect(statusLine(await p.capture())).toContain('· yolo ·');
    await send(p, 'Plan the work and start the server');
    const screen = await p.waitFor('Plan written and the server is starting.');
    expect(screen).toContain('Todos 1/3');
    expect(screen).toContain('✓ Write the parser');
    expect(screen).toContain('◐ Writing the tests');
    expect(screen).toContain('○ Update the docs');
    expect(screen).toMatch(/Background \(1\)/);
    expect(screen).toMatch(/● echo started; sleep 30/);
    expect(screen).toMatch(/\S+ · running · /);
    expect(screen).not.toContain('Allow bash?');

    await p.sendKeys('C-t');
    // The output shows once the panel has read it: wait for both.
    const panel = await p.waitFor((s) => s.includes('↑/↓ pick a task · x stop it · Esc close') && /^started\s*(│|$)/m.test(s));
    expect(panel).toMatch(/\S+: echo started; sleep 30 — running/);

    await p.sendKeys('x');
    await p.waitFor(/— killed/);
    await p.sendKeys('Escape');
    const closed = await p.waitFor((s) => !s.includes('x stop it'));
    expect(closed).toContain('Plan written and the server is starting.');
    expect(closed).toMatch(/killed/);
  });

  it('/help lists the commands and keys; an unknown command gets a one-line hint', async () => {
    const p = await startRein([]);
    await send(p, '/help');
    const keys = await p.waitFor('Ctrl+C twice');
    expect(keys).toContain('Keys:');
    expect(keys).toMatch(/Esc: interrupt the running task/);
    // The list is taller than the screen: its start is a page up.
    await p.sendKeys('PageUp');
    // tmux may show a frame half drawn (it does not hold synchronized output): wait for the list's start, then
    // page down to its end (the list is taller than one page).
    const top = await p.waitFor((s) => s.includes('Commands:') && /^\s*\/help\b/m.test(s));
    await p.sendKeys('PageDown');
    const rest = await p.waitFor((s) => /^\s*\/exit\b/m.test(s));
    for (const name of ['/help', '/clear', '/model', '/mode', '/cost', '/todos', '/tasks', '/exit'])
      expect(`${top}\n${rest}`).toMatch(new RegExp(`^\\s*${name}\\b`, 'm'));
    await p.sendKeys('End');
    await p.waitFor((s) => s.includes('Ctrl+C twice') && /^\s*\/exit\b/m.test(s));

    await send(p, '/foo');
    const unknown = await p.waitFor('Unknown command: /foo');
    const hintLines = unknown.split('\n').filter((line) => line.includes('/foo'));
    expect(hintLines).toHaveLength(1);
    expect(hintLines[0]).toContain('Unknown command: /foo (type /help for the list)');
    expect(fx.server?.requests).toHaveLength(0);
  });
});
