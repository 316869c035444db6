// Slash command tests: parsing, the completion menu, each command's effect, unknown names.
import { afterEach, describe, expect, it } from 'vitest';
import { slashCommands } from '../../source/commands/builtins.js';
import { menuItems } from '../../hooks/slashMenu.js';
import { parseSlashCommand } from '../../source/commands/resolve.js';
import { stripVTControlCharacters } from 'node:util';
import { noticeToLines } from '../../components/view/messageLines.js';
import { FakeSession, simpleRun, ticks } from '../support/fakeSession.js';
import { keys, renderApp, type AppHarness } from './harness.js';

const lastNotice = (h: AppHarness): string => {
  const item = h.bridge.store.getState().transcript.filter((i) => i.kind === 'notice').at(-1);
  return item && item.kind === 'notice' ? item.text : '';
};

async function run(h: AppHarness, line: string): Promise<void> {
  await h.type(line);
  await h.press(keys.escape); // closes the completion menu so Enter sends the line as typed
  await h.press(keys.enter);
  await ticks();
}

describe('slash command parsing and menu', () => {
  it('parses names and arguments; the name runs to the first space', () => {
    expect(parseSlashCommand('/model gpt-4o')).toEqual({ name: 'model', written: 'model', args: 'gpt-4o' });
    expect(parseSlashCommand('  /HELP ')).toEqual({ name: 'help', written: 'HELP', args: '' });
    expect(parseSlashCommand('/usr/bin/env is broken')).toEqual({ name: 'usr/bin/env', written: 'usr/bin/env', args: 'is broken' });
    expect(parseSlashCommand('hello /help')).toBeUndefined();
    expect(parseSlashCommand('/')).toBeUndefined();
  });

  it('filters by prefix', () => {
    expect(menuItems('/', slashCommands).map((c) => c.name)).toEqual(slashCommands.map((c) => c.name));
    expect(menuItems('/mo', slashCommands).map((c) => c.name)).toEqual(['model', 'mode']);
    expect(menuItems('/mo ', slashCommands)).toEqual([]);
    expect(menuItems('hello', slashCommands)).toEqual([]);
  });
});

describe('slash commands in the app', () => {
  let h: AppHarness;
  afterEach(() => h.cleanup());

  it('shows a filtered completion menu; Tab and Enter complete', async () => {
    h = await renderApp();
    await h.type('/');
    expect(h.lastFrame()).toContain('/help');
    expect(h.lastFrame()).toContain('/cost');
    await h.type('mo');
    expect(h.lastFrame()).toContain('/model [name]');
    expect(h.lastFrame()).toContain('/mode [ask|auto-edit|plan|yolo]');
    expect(h.lastFrame()).not.toContain('/help');
    await h.press(keys.down, keys.tab);
    expect(h.lastFrame()).toContain('❯ /mode');
    expect(h.lastFrame()).not.toContain('/model [name]');
    await h.type('yolo');
    await h.press(keys.enter);
    expect(h.session.modes).toEqual(['yolo']);
    // Enter on a command without arguments completes and runs it.
    await h.type('/he');
    await h.press(keys.enter);
    await ticks();
    expect(lastNotice(h)).toContain('Commands:');
  });

  it('/permissions lists the rules with their sources and removes session rules only', async () => {
    const session = new FakeSession();
    session.rules = [
      { text: 'Bash(git push:*)', effect: 'deny', target: { kind: 'bash', command: 'git push', prefix: true }, source: '/p/.claude/settings.json' },
      { text: 'Read', effect: 'allow', target: { kind: 'tool', tools: ['read_file'] }, source: '/p/agent.config.json' },
      { text: 'Bash(npm test:*)', effect: 'allow', target: { kind: 'bash', command: 'npm test', prefix: true }, source: 'this session' },
    ];
    h = await renderApp({ session, rows: 40 });
    await run(h, '/permissions');
    expect(lastNotice(h)).toBe([
      'deny:', '  Bash(git push:*)  · /p/.claude/settings.json',
      'allow:', '  Read  · /p/agent.config.json', '  Bash(npm test:*)  · this session',
      'Remove a session rule with /permissions remove <rule>.',
    ].join('\n'));
    await run(h, '/permissions remove Bash(npm test:*)');
    expect(lastNotice(h)).toBe("Removed Bash(npm test:*) from this session's rules.");
    expect(session.rules.map((r) => r.text)).toEqual(['Bash(git push:*)', 'Read']);
    await run(h, '/permissions remove Read');
    expect(lastNotice(h)).toContain('There is no session rule Read');
    expect(session.rules).toHaveLength(2);
  });

  it('/help lists commands and keys', async () => {
    h = await renderApp({ rows: 80 });
    await run(h, '/help');
    const text = lastNotice(h);
    for (const name of ['/help', '/clear', '/model [name]', '/mode', '/cost', '/todos', '/tasks', '/exit']) expect(text).toContain(name);
    expect(text).toContain('Shift+Tab');
    expect(text).toContain('Ctrl+J');
    expect(h.lastFrame()).toContain('❯ /help');
  });

  it('/help wrapped at a narrow width keeps each wrapped line under the text column it belongs to', async () => {
    h = await renderApp({ rows: 60 });
    await run(h, '/help');
    const rows = noticeToLines({ kind: 'notice', id: 'n', level: 'command', done: true, text: lastNotice(h) }, 80).map((row) => stripVTControlCharacters(row));
    const indent = (row: string): number => row.length - row.trimStart().length;
    // A command's description starts at the same column on every command row, and its wrapped rest stays there.
    const compact = rows.findIndex((row) => row.trimStart().startsWith('/compact'));
    const descriptionColumn = rows[compact].indexOf('summarise');
    expect(descriptionColumn).toBeGreaterThan(10);
    expect(indent(rows[compact + 1])).toBe(descriptionColumn);
    expect(rows[compact + 1].trimStart()).not.toMatch(/^\//);
    // A key's explanation follows its "keys: " label, and wraps back to that column.
    const homeEnd = rows.findIndex((row) => row.trimStart().startsWith('Home / End (empty prompt)'));
    expect(indent(rows[homeEnd + 1])).toBe(rows[homeEnd].indexOf(': ') + 2);
    expect(rows.every((row) => row.length <= 80)).toBe(true);
  });

  it('/clear starts a new conversation', async () => {
    const session = new FakeSession();
    session.script(...simpleRun('r1', 'hi', 'an old answer'));
    h = await renderApp({ session });
    await h.type('hi');
    await h.press(keys.enter);
    await h.bridge.idle();
    await ticks();
    expect(h.lastFrame()).toContain('an old answer');
    await run(h, '/clear');
    expect(session.clears).toBe(1);
    expect(h.lastFrame()).not.toContain('an old answer');
    expect(h.lastFrame()).toContain('Started a new conversation.');
  });

  it('Enter on a command typed in full runs it, even while a longer completion is highlighted', async () => {
    h = await renderApp();
    await h.type('/mode');
    // The menu still offers /model first and highlights it.
    expect(h.lastFrame()).toContain('/model [name]');
    await h.press(keys.enter);
    await ticks();
    expect(lastNotice(h)).toContain('Mode: ask.');
    expect(h.lastFrame()).not.toContain('❯ /model');
    expect(h.session.models).toEqual([]);
  });

  it('/model with a name the provider does not list sets it and warns; one it lists is set without a word more', async () => {
    const session = new FakeSession();
    session.listedModels = ['claude-sonnet-4-5', 'claude-opus-5'];
    h = await renderApp({ session });
    await run(h, '/model claude-opus-6');
    await ticks();
    expect(h.session.models).toEqual(['claude-opus-6']);
    expect(lastNotice(h)).toBe('Model set to claude-opus-6, but anthropic does not list a model of that name (it lists 2): if the next request fails, pick one with /model <name>.');
    await run(h, '/model claude-opus-5');
    await ticks();
    expect(lastNotice(h)).toBe('Model set to claude-opus-5.');
  });

  it('/model with a name rein does not know sets it and warns, when the provider lists no models', async () => {
    h = await renderApp();
    await run(h, '/model /todos');
    expect(h.session.models).toEqual(['/todos']);
    await ticks();
    expect(lastNotice(h)).toContain('Model set to /todos, but anthropic is not known to serve a model of that name');
    await run(h, '/model claude-opus-5');
    await ticks();
    expect(lastNotice(h)).toBe('Model set to claude-opus-5.');
  });

  it('/model shows and sets the model', async () => {
    h = await renderApp();
    await run(h, '/model');
    expect(lastNotice(h)).toBe('Model: claude-sonnet-4-5 (anthropic).');
    await run(h, '/model gpt-4o');
    expect(h.session.models).toEqual(['gpt-4o']);
    expect(h.lastFrame()).toContain('gpt-4o (anthropic)');
  });

  it('/mode shows and sets the mode, rejecting unknown names', async () => {
    h = await renderApp();
    await run(h, '/mode');
    expect(lastNotice(h)).toContain('Mode: ask.');
    await run(h, '/mode plan');
    expect(h.session.modes).toEqual(['plan']);
    await run(h, '/mode fast');
    expect(lastNotice(h)).toBe('Unknown mode fast: use one of ask, auto-edit, plan, yolo.');
    expect(h.session.modes).toEqual(['plan']);
  });

  it('/cost shows tokens, cache hits and cost', async () => {
    h = await renderApp();
    const totalUsage = { inputTokens: 10_000, outputTokens: 1_000, cacheReadTokens: 8_000, cacheWriteTokens: 0 };
    h.session.emit({ type: 'usage', runId: 'r1', turnUsage: totalUsage, totalUsage, context: { tokens: 10_000, window: 200_000, percent: 5 } });
    await run(h, '/cost');
    const text = lastNotice(h);
    expect(text).toContain('Tokens in:  10,000');
    expect(text).toContain('Tokens out: 1,000');
    expect(text).toContain('Cache hits: 8,000 tokens (80% of input)');
    // 2,000 uncached × $3 + 8,000 cached × $0.30 + 1,000 out × $15, per million.
    expect(text).toContain('Cost: $0.02');
  });

  it('/todos and /tasks list what the sidebar shows', async () => {
    h = await renderApp();
    await run(h, '/todos');
    expect(lastNotice(h)).toBe('No todos yet.');
    h.session.emit({ type: 'todos', runId: 'r1', todos: [{ content: 'Ship it', status: 'pending', activeForm: 'Shipping' }] });
    await run(h, '/todos');
    expect(lastNotice(h)).toContain('○ Ship it');
    await run(h, '/tasks');
    expect(lastNotice(h)).toBe('No background tasks.');
    h.session.emit({ type: 'background_task', sessionId: 's1', task: { taskId: 'b7', command: 'npm run dev', status: 'running', startedAt: 1_000_000, lastLine: '' } });
    await run(h, '/tasks');
    expect(lastNotice(h)).toContain('b7  running');
    await run(h, '/tasks kill b7');
    expect(h.session.killed).toEqual(['b7']);
  });

  it('/exit asks the app to exit', async () => {
    h = await renderApp();
    let exits = 0;
    h.bridge.onExit(() => exits++);
    await run(h, '/exit');
    expect(exits).toBe(1);
  });

  it('an unknown command shows a one-line hint and is not sent to the model', async () => {
    h = await renderApp();
    await run(h, '/foo');
    expect(h.lastFrame()).toContain('Unknown command: /foo (type /help for the list)');
    expect(h.session.prompts).toEqual([]);
  });
});
