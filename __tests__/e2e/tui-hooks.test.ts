// End-to-end: the built CLI in tmux shows one transcript line for a user-level PreToolUse hook that blocks a bash call.
import { chmodSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startMockLlmServer } from '../support/mockLlmServer.js';
import { openRein, promptLine, reinCommand, typeAndSend, useTuiFixture } from '../support/tmux.js';

const fx = useTuiFixture('hooks');

describe('hooks in the TUI', () => {
  it('a blocking hook gets one line in the transcript and the model is told why', async () => {
    const guard = join(fx.home, 'no-curl.sh');
    writeFileSync(guard, '#!/bin/bash\ncat >/dev/null\necho "network calls go through the proxy script" >&2\nexit 2\n');
    chmodSync(guard, 0o755);
    writeFileSync(join(fx.home, 'agent.config.json'), JSON.stringify({ hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: guard }] }] } }));
    const pane = await openRein(fx, await startMockLlmServer({ turns: [
      { toolCalls: [{ name: 'bash', input: { command: 'curl example.invalid' } }] },
      { text: 'I will use the proxy script.' },
    ] }), ['--permission-mode', 'yolo']);
    await typeAndSend(pane, 'Fetch the page');
    const screen = await pane.waitFor((s) => s.includes('I will use the proxy script.') && promptLine(s).includes('Type a message'));
    // The notice wraps at the transcript's width: compare it as one line.
    const text = screen.split('\n').map((line) => line.split('│')[0].trim()).join(' ');
    expect(text).toContain(`⚠ PreToolUse hook blocked (${guard}): network calls go through the proxy script`);
    expect(text.split('PreToolUse hook').length - 1).toBe(1);
    expect(screen).toContain('blocked by a hook');
    const tool = (fx.server?.requests[1]?.body.messages as { role: string; content: string }[]).filter((m) => m.role === 'tool');
    expect(tool.map((m) => m.content)).toEqual(['A PreToolUse hook refused this bash call: network calls go through the proxy script']);
  });

  it('asks to trust a project\'s hooks before the session opens; once trusted they run', async () => {
    mkdirSync(join(fx.cwd, '.claude'));
    writeFileSync(join(fx.cwd, '.claude', 'settings.json'), JSON.stringify({ hooks: { UserPromptSubmit: [{ hooks: [{ type: 'command', command: 'touch "$CLAUDE_PROJECT_DIR/prompt-hook-ran"' }] }] } }));
    fx.server = await startMockLlmServer({ turns: [{ text: 'Answered.' }] });
    const args = ['--provider', 'openai', '--base-url', fx.server.openaiBaseUrl, '--model', 'test-model'];
    // The dialog comes up before the prompt does: openRein would wait for the prompt.
    const pane = await fx.tmux.start({ command: reinCommand({ cli: fx.cli.cliPath, args, home: fx.home, env: { OPENAI_API_KEY: 'sk-test' } }), cwd: fx.cwd });
    fx.pane = pane;
    const dialog = await pane.waitFor('Trust this project?', 20_000);
    expect(dialog).toContain('hook UserPromptSubmit  .claude/settings.json');
    expect(dialog).toContain('$ touch "$CLAUDE_PROJECT_DIR/prompt-hook-ran"');
    await pane.sendKeys('y');
    await pane.waitFor((s) => promptLine(s).includes('Type a message'));
    await typeAndSend(pane, 'Hello');
    await pane.waitFor((s) => s.includes('Answered.') && promptLine(s).includes('Type a message'));
    expect(existsSync(join(fx.cwd, 'prompt-hook-ran'))).toBe(true);
  });
});
