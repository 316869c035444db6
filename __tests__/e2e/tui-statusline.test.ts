// End-to-end: the built CLI in tmux shows the user's status line (Claude Code's `statusLine` command) above its status
// bar at 80x24 and 60x20 and after a resize, runs it again after an answer, and never runs an untrusted project's.
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { startMockLlmServer } from '../support/mockLlmServer.js';
import { promptLine, reinCommand, statusLine, typeAndSend, useTuiFixture } from '../support/tmux.js';

const fx = useTuiFixture('statusline');
const run = promisify(execFile);

/** The project's settings with a status line that counts its runs and prints the model and context tokens. */
function projectStatusLine(): void {
  mkdirSync(join(fx.cwd, '.claude'));
  const command = 'input=$(cat); n=$(( $(cat "$CLAUDE_PROJECT_DIR/.runs" 2>/dev/null || echo 0) + 1 )); echo $n > "$CLAUDE_PROJECT_DIR/.runs"; '
    + 'printf "\\033[36mSL %s ctx=%s\\033[0m\\nrun %s\\n" "$(jq -r .model.id <<<"$input")" "$(jq -r .context_window.total_input_tokens <<<"$input")" "$n"';
  writeFileSync(join(fx.cwd, '.claude', 'settings.json'), JSON.stringify({ statusLine: { type: 'command', command } }));
}

async function start(args: string[], width: number, height: number) {
  fx.server = await startMockLlmServer({ turns: [{ text: 'Answered.', usage: { inputTokens: 4321, outputTokens: 7 } }] });
  const all = ['--provider', 'openai', '--base-url', fx.server.openaiBaseUrl, '--model', 'test-model', ...args];
  fx.pane = await fx.tmux.start({ command: reinCommand({ cli: fx.cli.cliPath, args: all, home: fx.home, env: { OPENAI_API_KEY: 'sk-test' } }), cwd: fx.cwd, width, height });
  return fx.pane;
}

/** The rows between the prompt line and rein's status bar. */
const between = (screen: string): string[] => {
  const lines = screen.trimEnd().split('\n');
  const prompt = lines.findLastIndex((l) => l.startsWith('❯'));
  return lines.slice(prompt + 1, -1);
};

describe('the status line in the TUI', () => {
  it('shows the command\'s rows above the status bar at 80x24, again after an answer, and at 60x20 after a resize', async () => {
    projectStatusLine();
    const pane = await start(['--trust-project'], 80, 24);
    const first = await pane.waitFor((s) => s.includes('SL test-model ctx=0') && promptLine(s).includes('Type a message'), 20_000);
    expect(between(first)).toEqual(['SL test-model ctx=0', 'run 1']);
    expect(statusLine(first)).toContain('test-model (openai)');
    await typeAndSend(pane, 'Hello');
    const after = await pane.waitFor((s) => s.includes('Answered.') && /SL test-model ctx=[1-9]/.test(s), 20_000);
    expect(between(after)[1]).toMatch(/^run [2-9]$/);
    await run('tmux', ['-L', fx.tmux.socket, 'resize-window', '-t', pane.target, '-x', '60', '-y', '20']);
    const small = await pane.waitFor((s) => s.split('\n').every((l) => l.length <= 60) && statusLine(s).length > 0 && between(s)[0]?.startsWith('SL test-model'), 20_000);
    expect(small.trimEnd().split('\n').length).toBeLessThanOrEqual(20);
    expect(statusLine(small)).toContain('test-model');
  });

  it('fits at 60x20 from the start and hides while the completion menu is open', async () => {
    projectStatusLine();
    const pane = await start(['--trust-project'], 60, 20);
    await pane.waitFor((s) => between(s)[0] === 'SL test-model ctx=0', 20_000);
    await pane.sendText('/');
    const menu = await pane.waitFor((s) => s.includes('/help') && !s.includes('SL test-model'));
    expect(statusLine(menu)).toContain('test-model');
    await pane.sendKeys('BSpace');
    await pane.waitFor((s) => between(s)[0] === 'SL test-model ctx=0');
  });

  it('a project\'s status line is part of the trust question; declined, it never runs', async () => {
    projectStatusLine();
    const pane = await start([], 80, 24);
    const dialog = await pane.waitFor('Trust this project?', 20_000);
    expect(dialog).toContain('statusLine');
    await pane.sendKeys('n');
    const screen = await pane.waitFor((s) => promptLine(s).includes('Type a message'), 20_000);
    expect(screen).not.toContain('SL test-model');
    expect(existsSync(join(fx.cwd, '.runs'))).toBe(false);
  });
});
