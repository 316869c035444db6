// A custom command inside a real session: !`command` output and @file contents reach the model through the permission
// check, allowed-tools hold for that run only, and a command's model is used for that run only.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { AgentEvent, ApprovalDecision } from '../../source/protocol/events.js';
import { type AssembledSession as EngineSession, type SessionSetup as SessionOptions } from '../../source/cli/assembleSession.js';
import { parseCommandFile, type CustomCommand } from '../../source/extensions/commandFiles.js';
import { commandPromptOptions } from '../../source/commands/commandPrompt.js';
import { parseRule } from '../../source/permissions/rules.js';
import type { ScriptedTurn } from '../../source/providers/scripted.js';
import type { ProviderRequest } from '../../source/providers/types.js';
import { lastToolResults, makeHarness, runEnd, runPrompt, userTexts, type Harness } from '../support/engineHarness.js';
import { runEvents } from '../support/runEvents.js';

let h: Harness | undefined;
afterEach(async () => {
  await h?.cleanup();
  h = undefined;
});

function command(h: Harness, text: string, name = 'cmd'): CustomCommand {
  const parsed = parseCommandFile(text, join(h.workspace, '.rein', 'commands', `${name}.md`), name, 'project', { workspace: h.workspace });
  if ('problem' in parsed) throw new Error(parsed.problem);
  expect(parsed.warnings).toEqual([]);
  return parsed.command;
}

/** Runs `/name args` to its end, answering approvals with `decide`. */
async function runCommand(session: EngineSession, cmd: CustomCommand, args: string, workspace: string, decide?: (e: Extract<AgentEvent, { type: 'approval_request' }>) => ApprovalDecision): Promise<AgentEvent[]> {
  const events: AgentEvent[] = [];
  const options = commandPromptOptions(cmd, args, { workspace, projectTrusted: () => true });
  await runEvents(session, options.display ?? '', options, (event) => {
    events.push(event);
    if (event.type === 'approval_request' && decide) session.runs.respond(event.approvalId, decide(event));
  });
  return events;
}

const harness = (script: ScriptedTurn[] | ((r: ProviderRequest, i: number) => ScriptedTurn), overrides: Partial<SessionOptions> = {}) => (h = makeHarness(script, overrides));
const firstUserText = (request: ProviderRequest | undefined) => (request ? userTexts(request)[0] : undefined);

describe('custom commands in a session', () => {
  it('sends the template with $ARGUMENTS and $0, $1, ... (counted from 0) filled in, and shows the command line as typed', async () => {
    const s = harness([{ text: 'ok' }]);
    const cmd = command(s, '---\ndescription: fix an issue\n---\nFix issue $0 with priority $1 ($2). All: $ARGUMENTS');
    const events = await runCommand(s.session, cmd, '123 "very high"', s.workspace);
    expect(runEnd(events).reason).toBe('done');
    expect(firstUserText(s.provider.requests[0])).toBe('Fix issue 123 with priority very high (). All: 123 "very high"');
    expect(events.find((e) => e.type === 'run_start')).toMatchObject({ prompt: '/cmd 123 "very high"' });
  });

  it('inserts the output of !`command` in place when the mode lets it run', async () => {
    const s = harness([{ text: 'ok' }]);
    const cmd = command(s, 'Status:\n!`echo branch-$0`\nDone.');
    const events = await runCommand(s.session, cmd, 'main', s.workspace);
    expect(runEnd(events).reason).toBe('done');
    expect(firstUserText(s.provider.requests[0])).toBe('Status:\nbranch-main\nDone.');
    // The command ran as a bash call the transcript shows.
    expect(events.some((e) => e.type === 'tool_start' && e.name === 'bash' && e.summary.includes('echo branch-main'))).toBe(true);
  });

  it('asks before a !`command` in ask mode, and sends nothing when the user declines', async () => {
    const s = harness([{ text: 'ok' }, { text: 'second' }], { mode: 'ask' });
    writeFileSync(join(s.workspace, 'marker.txt'), 'x');
    const cmd = command(s, 'Run: !`rm marker.txt && echo removed`');
    const declined = await runCommand(s.session, cmd, '', s.workspace, () => ({ kind: 'no' }));
    expect(declined.filter((e) => e.type === 'approval_request')).toHaveLength(1);
    expect(runEnd(declined)).toMatchObject({ reason: 'error' });
    expect(runEnd(declined).error).toMatch(/\/cmd was not sent: its command `rm marker.txt && echo removed` was not run \(declined\)/);
    expect(s.provider.requests).toHaveLength(0);
    expect(s.session.conversation.history()).toHaveLength(0);

    const approved = await runCommand(s.session, cmd, '', s.workspace, () => ({ kind: 'yes' }));
    expect(runEnd(approved).reason).toBe('done');
    expect(firstUserText(s.provider.requests[0])).toBe('Run: removed');
  });

  it('ends as interrupted, sending nothing, when Esc comes while a !`command` waits for approval', async () => {
    const s = harness([{ text: 'never' }], { mode: 'ask' });
    const events: AgentEvent[] = [];
    const options = commandPromptOptions(command(s, 'Run: !`touch made.txt`'), '', { workspace: s.workspace, projectTrusted: () => true });
    await runEvents(s.session, '/cmd', options, (event) => {
      events.push(event);
      if (event.type === 'approval_request') s.session.runs.abort();
    });
    expect(runEnd(events).reason).toBe('aborted');
    expect(events.some((e) => e.type === 'error')).toBe(false);
    expect(s.provider.requests).toHaveLength(0);
    expect(existsSync(join(s.workspace, 'made.txt'))).toBe(false);
  });

  it('refuses a !`command` a headless run cannot ask for, and one a deny rule covers', async () => {
    const s = harness([{ text: 'never' }], { mode: 'ask', interactive: false });
    const events = await runCommand(s.session, command(s, 'Run: !`touch made.txt`'), '', s.workspace);
    expect(runEnd(events).error).toMatch(/was not run \(denied: needs approval\)/);
    expect(s.provider.requests).toHaveLength(0);

    const rule = parseRule('Bash(touch:*)', 'deny', 'test', { workspace: s.workspace });
    if (typeof rule === 'string') throw new Error(rule);
    const denied = makeHarness([{ text: 'never' }], { mode: 'yolo', permissions: { rules: [rule] } });
    try {
      const result = await runCommand(denied.session, command(denied, 'Run: !`touch made.txt`'), '', denied.workspace);
      expect(runEnd(result).error).toMatch(/was not run \(denied by a rule\)/);
      expect(denied.provider.requests).toHaveLength(0);
      expect(existsSync(join(denied.workspace, 'made.txt'))).toBe(false);
    } finally {
      await denied.cleanup();
    }
  });

  it('appends the contents of @path files (relative to the workspace), which then count as read', async () => {
    const s = harness([
      { text: 'read it' },
      { toolCalls: [{ name: 'edit_file', input: { path: 'src/app.ts', old_string: 'old()', new_string: 'fresh()' } }] },
      { text: 'edited' },
    ]);
    mkdirSync(join(s.workspace, 'src'));
    writeFileSync(join(s.workspace, 'src', 'app.ts'), 'export const x = old();\n');
    const cmd = command(s, 'Review @src/app.ts, then mail @team and me@example.com.');
    await runCommand(s.session, cmd, '', s.workspace);
    const text = firstUserText(s.provider.requests[0]) ?? '';
    expect(text).toContain('Review @src/app.ts, then mail @team and me@example.com.');
    expect(text).toMatch(/<file path="src\/app.ts">\n[^]*export const x = old\(\);[^]*<\/file>$/);
    // The file was read by the command: the model may edit it without reading it again.
    await runPrompt(s.session, 'now edit it');
    expect(readFileSync(join(s.workspace, 'src', 'app.ts'), 'utf8')).toBe('export const x = fresh();\n');
  });

  it('grants allowed-tools for the command\'s run only, to its !`command`s and to the model\'s calls', async () => {
    const s = harness(
      [
        { toolCalls: [{ name: 'bash', input: { command: 'echo from-model' } }] },
        { text: 'done' },
        { toolCalls: [{ name: 'bash', input: { command: 'echo from-model' } }] },
        { text: 'done again' },
      ],
      { mode: 'ask' },
    );
    const cmd = command(s, '---\nallowed-tools: Bash(echo:*), Read\n---\nHere: !`echo granted`');
    const asked: string[] = [];
    const during = await runCommand(s.session, cmd, '', s.workspace, (e) => {
      asked.push(e.summary);
      return { kind: 'no' };
    });
    expect(asked).toEqual([]);
    expect(firstUserText(s.provider.requests[0])).toBe('Here: granted');
    expect(lastToolResults(s.provider.requests[1])[0]).toBe('from-model');
    expect(runEnd(during).reason).toBe('done');
    // The grant is gone once the run ended: the same call now asks.
    expect(s.session.settings.permissionRules().some((r) => r.source === '/cmd allowed-tools')).toBe(false);
    const after = await runPrompt(s.session, 'again', (e) => {
      asked.push(e.summary);
      return { kind: 'no' };
    });
    expect(asked).toEqual(['echo from-model']);
    expect(runEnd(after).reason).toBe('done');
  });

  it('uses the command\'s model for its run only', async () => {
    const s = harness([{ text: 'quick' }, { text: 'normal' }]);
    const cmd = command(s, '---\nmodel: small-model\n---\nSummarise.');
    const events = await runCommand(s.session, cmd, '', s.workspace);
    expect(s.provider.requests[0].options.model).toBe('small-model');
    expect(events.find((e) => e.type === 'usage')).toMatchObject({ model: 'small-model' });
    await runPrompt(s.session, 'next');
    expect(s.provider.requests[1].options.model).toBe('test-model');
    expect(s.session.settings.info.model).toBe('test-model');
  });

  it('reads Claude Code\'s model aliases as for agent files: an Anthropic model, or the session\'s on another provider', async () => {
    const anthropic = harness([{ text: 'a' }], { providerName: 'anthropic' });
    await runCommand(anthropic.session, command(anthropic, '---\nmodel: haiku\n---\nGo.'), '', anthropic.workspace);
    expect(anthropic.provider.requests[0].options.model).toBe('claude-haiku-5-5');
    const other = makeHarness([{ text: 'b' }], { providerName: 'openai' });
    try {
      await runCommand(other.session, command(other, '---\nmodel: haiku\n---\nGo.'), '', other.workspace);
      expect(other.provider.requests[0].options.model).toBe('test-model');
    } finally {
      await other.cleanup();
    }
  });
});
