// Fault suite, terminal injection: escape sequences in model text, tool output, prompts and errors never reach
// the screen raw (TUI and `rein -p` at a terminal), while a pipe still gets the model's text byte for byte.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadMarkdown } from '../../components/view/markdown.js';
import { runHeadless } from '../../source/headless/runHeadless.js';
import { stripTerminalControls } from '../../source/util/terminalText.js';
import { keys, renderApp, type AppHarness } from '../components/harness.js';
import { FakeSession, messageEnd, runEnd, ticks } from '../support/fakeSession.js';

const attacks: Record<string, string> = {
  'clear screen': '\x1b[2J\x1b[3J\x1b[H',
  'cursor moves': '\x1b[5;10H\x1b[3A\x1b[s\x1b[u',
  'OSC 52 clipboard write': '\x1b]52;c;cm0gLXJmIH4K\x07',
  'title change': '\x1b]0;pwned\x1b\\',
  'OSC 8 hyperlink that lies': '\x1b]8;;https://evil.example/\x1b\\https://good.example/\x1b]8;;\x1b\\',
  'DCS string': '\x1bP+q544e\x1b\\',
  '8-bit CSI': '\x9b2J',
  'bell, backspace, carriage return': '\x07\x08\rX',
};

/** Everything written to the terminal, with the colours and styles (SGR) taken out: nothing else may remain. */
function unsafeControls(output: string): string[] {
  const withoutStyles = output.replace(/\x1b\[[0-9;]*m/g, '');
  return [...withoutStyles.matchAll(/[\x00-\x09\x0b-\x1f\x7f-\x9f]/g)].map((m) => JSON.stringify(m[0]));
}

let h: AppHarness | undefined;
afterEach(() => {
  h?.cleanup();
  h = undefined;
});

beforeAll(async () => {
  expect(await loadMarkdown()).toBe(true);
});

describe('escape sequences never reach the TUI raw', () => {
  for (const [kind, attack] of Object.entries(attacks)) {
    it(`${kind}: in model text, a tool's summary, progress and output, a warning and an error`, async () => {
      const session = new FakeSession();
      const runId = 'r1';
      session.script(
        { type: 'run_start', sessionId: 's1', runId, prompt: 'go' },
        { type: 'turn_start', runId, turnId: 't1', turn: 1 },
        { type: 'message_start', runId, turnId: 't1', messageId: 'm1' },
        { type: 'text_delta', runId, messageId: 'm1', text: `model says ${attack}hi **bold** [link](https://x.example) ` },
        messageEnd(runId, 'm1', `model says ${attack}hi **bold** [link](https://x.example) `),
        { type: 'tool_start', runId, toolCallId: 'c1', name: 'bash', input: { command: `echo ${attack}` }, summary: `echo ${attack}` },
        { type: 'tool_progress', runId, toolCallId: 'c1', text: `progress ${attack}line` },
        { type: 'tool_end', runId, toolCallId: 'c1', name: 'bash', result: { content: `out ${attack}put`, display: { kind: 'text', text: `out ${attack}put` }, isError: false }, durationMs: 5 },
        { type: 'warning', runId, message: `warned ${attack}` },
        { type: 'error', runId, message: `failed ${attack}` },
        runEnd(runId, 'done'),
      );
      h = await renderApp({ session, columns: 100, rows: 40 });
      await h.type('go');
      await h.press(keys.enter);
      await ticks(5);
      expect(h.lastFrame()).toContain('model says');
      expect(h.lastFrame()).toContain('out');
      expect(unsafeControls(h.stdout.frames.join(''))).toEqual([]);
      if (kind === 'OSC 8 hyperlink that lies') expect(h.lastFrame()).not.toContain('evil.example');
    });
  }

  it('a prompt with NUL and escape sequences shows without them', async () => {
    const session = new FakeSession();
    session.script({ type: 'run_start', sessionId: 's1', runId: 'r1', prompt: 'pasted\u0000 \x1b[2Jtext' }, runEnd('r1', 'done'));
    h = await renderApp({ session });
    await h.type('pasted');
    await h.press('\x1b[200~\u0000 \x1b]0;t\x07text\x1b[201~', keys.enter);
    await ticks(5);
    expect(unsafeControls(h.stdout.frames.join(''))).toEqual([]);
    expect(h.lastFrame()).toContain('pasted');
  });
});

describe('rein -p output', () => {
  const answer = `plain ${Object.values(attacks).join(' ')} end`;
  const run = async (isTTY: boolean) => {
    const session = new FakeSession();
    session.script(
      { type: 'run_start', sessionId: 's1', runId: 'r1', prompt: 'go' },
      { type: 'warning', runId: 'r1', message: `careful ${attacks['title change']}` },
      { type: 'run_end', runId: 'r1', reason: 'done', text: answer, turns: 1, usage: { inputTokens: 0, outputTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0 }, durationMs: 1 },
    );
    let stdout = '';
    let stderr = '';
    const code = await runHeadless({ session, prompt: 'go', format: 'text', stdout: { write: (t: string) => (stdout += t), isTTY }, stderr: { write: (t: string) => (stderr += t), isTTY } });
    return { code, stdout, stderr };
  };

  it('at a terminal: the answer and warnings without control sequences', async () => {
    const out = await run(true);
    expect(out.code).toBe(0);
    expect(unsafeControls(out.stdout)).toEqual([]);
    expect(unsafeControls(out.stderr)).toEqual([]);
    expect(out.stdout).toContain('https://good.example/');
    expect(out.stdout).toBe(`${stripTerminalControls(answer)}\n`);
  });

  it('into a pipe or a file: the answer byte for byte', async () => {
    const out = await run(false);
    expect(out.stdout).toBe(`${answer}\n`);
  });
});
