// The session events rein added: PreCompact's block and PostCompact, InstructionsLoaded, UserPromptExpansion, Setup,
// ConfigChange, SessionStart "fork" and SessionEnd "resume", systemMessage, and the one warning for what rein ignores.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { AgentEvent } from '../../source/protocol/events.js';
import { parseCommandFile } from '../../source/extensions/commandFiles.js';
import { commandPromptOptions } from '../../source/commands/commandPrompt.js';
import type { ProviderRequest } from '../../source/providers/types.js';
import { lastToolResults, makeHarness, runEnd, runPrompt, userTexts, type Harness } from '../support/engineHarness.js';
import { capture, hookDir, makeHooks, on, type HookDir } from './hookHelpers.js';
import { runEvents } from '../support/runEvents.js';

let h: Harness | undefined;
let d: HookDir;
afterEach(async () => {
  await h?.cleanup();
  h = undefined;
  d?.cleanup();
});

const allText = (request: ProviderRequest) => userTexts(request).join('\n');
const json = (value: unknown) => `echo '${JSON.stringify(value)}'`;
const summaryOrText = (request: ProviderRequest) => (request.tools.length === 0 && request.system.includes('summar') ? { text: 'the summary' } : { text: 'ok' });

describe('compaction', () => {
  it('PreCompact exit 2 blocks /compact: the history stays whole and the user is told why', async () => {
    d = hookDir();
    const { hooks } = makeHooks(d, on('PreCompact', d.script('keep', 'cat >/dev/null; echo "the review needs the full log" >&2; exit 2')));
    h = makeHarness(summaryOrText, { hooks });
    await runPrompt(h.session, 'one');
    await runPrompt(h.session, 'two');
    const seen: AgentEvent[] = [];
    h.session.runs.subscribe((e) => seen.push(e));
    const before = h.session.conversation.history().length;
    await h.session.runs.compact();
    expect(h.session.conversation.history()).toHaveLength(before);
    expect(seen.some((e) => e.type === 'compaction')).toBe(false);
    expect(seen.some((e) => (e.type === 'warning' || e.type === 'error') && e.message.includes('A PreCompact hook blocked compaction: the review needs the full log'))).toBe(true);
  });

  it('PostCompact runs after compaction with the trigger and the summary', async () => {
    d = hookDir();
    const { hooks } = makeHooks(d, on('PostCompact', capture(d, 'post'), 'manual'));
    h = makeHarness(summaryOrText, { hooks });
    await runPrompt(h.session, 'one');
    await runPrompt(h.session, 'two');
    await h.session.runs.compact();
    await expect.poll(() => d.inputs('post'), { timeout: 20_000 }).toMatchObject([{ hook_event_name: 'PostCompact', trigger: 'manual', compact_summary: 'the summary' }]);
  });
});

describe('InstructionsLoaded', () => {
  it('reports each instruction file in the system prompt once, at the first message', async () => {
    d = hookDir();
    const { hooks } = makeHooks(d, on('InstructionsLoaded', capture(d, 'loaded'), 'session_start'));
    h = makeHarness([{ text: 'a' }, { text: 'b' }], { hooks, instructionFiles: [{ path: '/p/CLAUDE.md', memoryType: 'Project' }, { path: '/p/CLAUDE.local.md', memoryType: 'Local' }] });
    await runPrompt(h.session, 'one');
    await runPrompt(h.session, 'two');
    await h.session.close();
    expect(d.inputs('loaded').map((i) => [i.file_path, i.memory_type, i.load_reason])).toEqual([
      ['/p/CLAUDE.md', 'Project', 'session_start'],
      ['/p/CLAUDE.local.md', 'Local', 'session_start'],
    ]);
  });
});

describe('UserPromptExpansion', () => {
  const review = (workspace: string) => {
    const parsed = parseCommandFile('Review PR $ARGUMENTS carefully.', join(workspace, '.claude', 'commands', 'review.md'), 'review', 'project', { workspace });
    if ('problem' in parsed) throw new Error(parsed.problem);
    return parsed.command;
  };

  it('runs before UserPromptSubmit for a typed command, with its name and arguments; its context goes with the prompt', async () => {
    d = hookDir();
    const order = (name: string) => d.script(name, `cat >> "$D/${name}.jsonl"; echo >> "$D/${name}.jsonl"; echo ${name} >> "$D/order.txt"`);
    const { hooks } = makeHooks(d, {
      UserPromptExpansion: [{ matcher: 'review', hooks: [{ type: 'command', command: order('expansion') }, { type: 'command', command: d.script('ctx', `cat >/dev/null; ${json({ hookSpecificOutput: { hookEventName: 'UserPromptExpansion', additionalContext: 'the team checklist' } })}`) }] }],
      UserPromptSubmit: [{ hooks: [{ type: 'command', command: order('submit') }] }],
    });
    h = makeHarness([{ text: 'reviewed' }], { hooks });
    const options = commandPromptOptions(review(h.workspace), '12', { workspace: h.workspace, projectTrusted: () => true });
    await runEvents(h.session, options.display ?? '', options);
    expect(d.inputs('expansion').at(-1)).toMatchObject({ hook_event_name: 'UserPromptExpansion', expansion_type: 'slash_command', command_name: 'review', command_args: '12', prompt: '/review 12' });
    const { readFileSync } = await import('node:fs');
    expect(readFileSync(join(d.dir, 'order.txt'), 'utf8').trim().split('\n')).toEqual(['expansion', 'submit']);
    expect(allText(h.provider.requests[0])).toContain('the team checklist');
    // A plain message is no command.
    await runPrompt(h.session, 'just words');
    expect(d.inputs('expansion')).toHaveLength(1);
  });

  it('a block refuses the command: nothing is sent', async () => {
    d = hookDir();
    const { hooks } = makeHooks(d, on('UserPromptExpansion', d.script('no', 'cat >/dev/null; echo "reviews need an approval file" >&2; exit 2')));
    h = makeHarness([{ text: 'never' }], { hooks });
    const options = commandPromptOptions(review(h.workspace), '7', { workspace: h.workspace, projectTrusted: () => true });
    const events: AgentEvent[] = [];
    events.push(...(await runEvents(h.session, options.display ?? '', options)));
    expect(runEnd(events)).toMatchObject({ reason: 'blocked', error: 'A UserPromptExpansion hook refused /review 7: reviews need an approval file' });
    expect(h.provider.requests).toHaveLength(0);
  });
});

describe('Setup, ConfigChange and the session\'s start and end', () => {
  it('Setup runs with its trigger and nothing else; --init-only also runs SessionStart "startup"', async () => {
    d = hookDir();
    const { hooks } = makeHooks(d, { ...on('Setup', capture(d, 'setup')), ...on('SessionStart', capture(d, 'start')) });
    h = makeHarness([{ text: 'x' }], { hooks });
    await h.session.runSetupHooks('maintenance');
    expect(d.inputs('setup')).toMatchObject([{ hook_event_name: 'Setup', trigger: 'maintenance' }]);
    expect(d.inputs('start')).toEqual([]);
    await h.session.runSetupHooks('init', true);
    expect(d.inputs('setup').map((i) => i.trigger)).toEqual(['maintenance', 'init']);
    expect(d.inputs('start')).toMatchObject([{ source: 'startup' }]);
  });

  it('ConfigChange hears of a settings file whose content changes while the session runs', async () => {
    d = hookDir();
    const { hooks } = makeHooks(d, on('ConfigChange', capture(d, 'change'), 'project_settings|local_settings'));
    mkdirSync(join(d.dir, '.claude'));
    const settings = join(d.dir, '.claude', 'settings.json');
    writeFileSync(settings, '{}');
    h = makeHarness([{ text: 'x' }], { hooks, configFiles: [{ path: settings, source: 'project_settings' }, { path: join(d.dir, '.claude', 'settings.local.json'), source: 'local_settings' }] });
    writeFileSync(settings, '{"permissions": {"allow": ["Bash(ls)"]}}');
    await expect.poll(() => d.inputs('change'), { timeout: 20_000 }).toMatchObject([{ hook_event_name: 'ConfigChange', source: 'project_settings', file_path: settings }]);
    // The same content again is no change; the local file's first content is.
    writeFileSync(settings, '{"permissions": {"allow": ["Bash(ls)"]}}');
    writeFileSync(join(d.dir, '.claude', 'settings.local.json'), '{}');
    await expect.poll(() => d.inputs('change').map((i) => i.source), { timeout: 20_000 }).toContain('local_settings');
    expect(d.inputs('change').map((i) => i.source)).toEqual(['project_settings', 'local_settings']);
  });

  it('what a SessionStart hook writes to CLAUDE_ENV_FILE holds for the session\'s bash commands', async () => {
    d = hookDir();
    const { hooks } = makeHooks(d, on('SessionStart', d.script('env', 'cat >/dev/null; echo "export GREETING=\'hello from the hook\'" >> "$CLAUDE_ENV_FILE"')));
    h = makeHarness([{ toolCalls: [{ name: 'bash', input: { command: 'echo "[$GREETING]"' } }] }, { text: 'done' }], { hooks });
    await runPrompt(h.session, 'go');
    expect(lastToolResults(h.provider.requests[1])).toEqual(['[hello from the hook]']);
  });

  it('a forked session starts with source "fork"', async () => {
    d = hookDir();
    const { hooks } = makeHooks(d, on('SessionStart', capture(d, 'start')));
    h = makeHarness([{ text: 'x' }], { hooks, forked: true });
    await runPrompt(h.session, 'go');
    expect(d.inputs('start').map((i) => i.source)).toEqual(['fork']);
  });

  it('systemMessage is shown to the user; a field rein does not act on is named once', async () => {
    d = hookDir();
    const { hooks } = makeHooks(d, on('UserPromptSubmit', d.script('say', `cat >/dev/null; ${json({ systemMessage: 'heads up: staging is frozen', terminalSequence: '\u0007' })}`)));
    h = makeHarness([{ text: 'a' }, { text: 'b' }], { hooks });
    const first = await runPrompt(h.session, 'one');
    const second = await runPrompt(h.session, 'two');
    const warnings = [...first, ...second].filter((e): e is Extract<AgentEvent, { type: 'warning' }> => e.type === 'warning').map((e) => e.message);
    expect(warnings.filter((m) => m === 'heads up: staging is frozen')).toHaveLength(2);
    expect(warnings.filter((m) => m.includes('terminalSequence'))).toEqual(['A UserPromptSubmit hook set terminalSequence, which rein does not act on.']);
  });
});
