// End-to-end in tmux: /rewind lists the session's messages with the files changed since, shows what a restore
// changes, and restores code and conversation, the message back in the prompt.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { execa } from 'execa';
import { describe, expect, it } from 'vitest';
import { startMockLlmServer } from '../support/mockLlmServer.js';
import { openRein, promptLine, typeAndSend, useTuiFixture } from '../support/tmux.js';

const fx = useTuiFixture('rewind');

async function gitFixture(): Promise<void> {
  await execa('git', ['init', '-q'], { cwd: fx.cwd });
  writeFileSync(join(fx.cwd, 'greet.txt'), 'hello old world\n');
  await execa('git', ['add', '.'], { cwd: fx.cwd });
  await execa('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', '-c', 'commit.gpgSign=false', 'commit', '-qm', 'start'], { cwd: fx.cwd });
}

const changes = [
  { toolCalls: [{ name: 'read_file', input: { path: 'greet.txt' } }] },
  { toolCalls: [{ name: 'edit_file', input: { path: 'greet.txt', old_string: 'hello old world', new_string: 'hello new world' } }] },
  { toolCalls: [{ name: 'bash', input: { command: 'echo made > made.txt' } }] },
  { text: 'All changed.' },
];

describe('/rewind in the TUI', () => {
  it('lists the message with its changed files, shows the diff summary, restores files and conversation', async () => {
    await gitFixture();
    const server = await startMockLlmServer({ turns: [...changes, { text: 'Second try answered.' }] });
    const p = await openRein(fx, server, ['--permission-mode', 'yolo']);
    await typeAndSend(p, 'change the greeting');
    await p.waitFor('All changed.');
    expect(readFileSync(join(fx.cwd, 'greet.txt'), 'utf8')).toBe('hello new world\n');

    await typeAndSend(p, '/rewind');
    await p.waitFor('Rewind · pick a message to go back to');
    await p.waitFor('2 files changed since: greet.txt, made.txt');
    await p.sendKeys('Enter');
    await p.waitFor('1. Restore code and conversation');
    await p.sendKeys('Enter');
    const confirm = await p.waitFor(/restore\s+greet\.txt/);
    expect(confirm).toMatch(/restore\s+greet\.txt\s+\+1 -1/);
    expect(confirm).toMatch(/delete \(new since\)\s+made\.txt\s+\+0 -1/);
    // Nothing is restored before the answer.
    expect(existsSync(join(fx.cwd, 'made.txt'))).toBe(true);
    await p.sendKeys('y');
    await p.waitFor('Restored 2 files (greet.txt, made.txt). The message is back in the prompt.');
    await p.waitFor((s) => promptLine(s) === '❯ change the greeting');
    expect(readFileSync(join(fx.cwd, 'greet.txt'), 'utf8')).toBe('hello old world\n');
    expect(existsSync(join(fx.cwd, 'made.txt'))).toBe(false);

    // The message goes again on the earlier conversation: it is the only user message sent.
    await p.sendKeys('Enter');
    await p.waitFor('Second try answered.');
    const last = server.requests[server.requests.length - 1].body.messages as Array<{ role: string; content: unknown }>;
    expect(last.filter((m) => m.role === 'user')).toHaveLength(1);
    expect(JSON.stringify(last)).not.toContain('All changed.');
  });

  it('Esc twice on an empty prompt opens the panel; a file changed by hand is named before it is overwritten', async () => {
    await gitFixture();
    const server = await startMockLlmServer({ turns: changes });
    const p = await openRein(fx, server, ['--permission-mode', 'yolo']);
    await typeAndSend(p, 'change the greeting');
    await p.waitFor('All changed.');
    writeFileSync(join(fx.cwd, 'greet.txt'), 'typed by hand\n');
    await p.sendKeys('Escape', 'Escape');
    await p.waitFor('Rewind · pick a message to go back to');
    await p.waitFor('2 files changed since: greet.txt, made.txt');
    await p.sendKeys('Enter');
    await p.waitFor('3. Restore code only');
    await p.sendKeys('3');
    await p.waitFor("Changed after rein's last snapshot, overwritten by this restore: greet.txt");
    await p.sendKeys('Escape');
    await p.waitFor('1. Restore code and conversation');
    // One Esc at a time: two read in one chunk count as one key with Alt held.
    await p.sendKeys('Escape');
    await p.waitFor((s) => s.includes('↑/↓ select · Enter choose · Esc close') && !s.includes('1. Restore code and conversation'));
    await p.sendKeys('Escape');
    await p.waitFor((s) => !s.includes('Rewind ·') && s.includes('All changed.'));
    expect(readFileSync(join(fx.cwd, 'greet.txt'), 'utf8')).toBe('typed by hand\n');
  });

  it('"conversation only" keeps the files, and --continue opens the rewound conversation', async () => {
    await gitFixture();
    const server = await startMockLlmServer({ turns: [...changes, { text: 'Fresh answer.' }] });
    const first = await openRein(fx, server, ['--permission-mode', 'yolo']);
    await typeAndSend(first, 'change the greeting');
    await first.waitFor('All changed.');
    await typeAndSend(first, '/rewind');
    await first.waitFor('2 files changed since: greet.txt, made.txt');
    await first.sendKeys('Enter');
    await first.waitFor('2. Restore conversation only');
    await first.sendKeys('2');
    await first.waitFor((s) => promptLine(s) === '❯ change the greeting' && s.includes('Rewound the conversation to before that message.') && !s.includes('All changed.'));
    expect(readFileSync(join(fx.cwd, 'greet.txt'), 'utf8')).toBe('hello new world\n');
    await first.sendKeys('C-u');
    await typeAndSend(first, '/exit');
    await first.waitFor(/EXIT:0/);
    await first.kill();

    const again = await openRein(fx, server, ['--permission-mode', 'yolo', '--continue']);
    await again.waitFor('Rewound the conversation to before that message.');
    expect(await again.capture()).not.toContain('All changed.');
    await typeAndSend(again, 'a new question');
    await again.waitFor('Fresh answer.');
    const sent = server.requests[server.requests.length - 1].body.messages as Array<{ role: string }>;
    expect(JSON.stringify(sent)).toContain('a new question');
    expect(JSON.stringify(sent)).not.toContain('change the greeting');
  });
});
