// The fixture commands and skills, typed as `/name args` in a real session, send the model what Claude Code 2.1.197
// sent a mock server for the same files (measured; docs/claude-compat.md has each rule), and run as it runs them.
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { knownToolNames } from '../../source/config/index.js';
import type { AgentEvent } from '../../source/protocol/events.js';
import { type SessionSetup as SessionOptions } from '../../source/cli/assembleSession.js';
import { headlessPromptOptions, loadFolders, type LoadedFolders } from '../../source/cli/extensionSetup.js';
import { setupHooks } from '../../source/extensions/hookSetup.js';
import type { ScriptedTurn } from '../../source/providers/scripted.js';
import { makeHarness, runEnd, userTexts, type Harness } from '../support/engineHarness.js';
import { runEvents } from '../support/runEvents.js';

const fixtures = resolve('__tests__/fixtures/claude-shapes');
let open: { h: Harness; dir: string }[] = [];
afterEach(async () => {
  for (const { h, dir } of open) {
    await h.cleanup();
    rmSync(dir, { recursive: true, force: true });
  }
  open = [];
});

interface Project {
  h: Harness;
  dir: string;
  folders: LoadedFolders;
  run(text: string): Promise<AgentEvent[]>;
}

/** A session whose project holds the fixture folders, wired as cli.ts wires it; `trusted` answers the trust question. */
function project(turns: ScriptedTurn[], o: { trusted?: boolean; overrides?: Partial<SessionOptions> } = {}): Project {
  const dir = mkdtempSync(join(tmpdir(), 'rein-shapes-run-'));
  for (const kind of ['agents', 'commands', 'skills']) cpSync(join(fixtures, kind), join(dir, '.claude', kind), { recursive: true });
  const trusted = () => o.trusted ?? true;
  const folders = loadFolders({ workspace: dir, cwd: dir, reinHome: join(dir, '.rein-home'), home: join(dir, '.user-home'), projectTrusted: () => false, tools: knownToolNames });
  // The files bring hooks, so the session gets a hook runner even though no settings file configures one.
  const hooks = setupHooks({
    layers: [], settings: [], projectDir: dir, cwd: dir, reinHome: join(dir, '.rein-home'), sessionId: 's', transcriptPath: join(dir, 'log.jsonl'),
    projectTrusted: false, always: folders.bringsHooks,
  }).hooks;
  const h = makeHarness(turns, { cwd: dir, workspace: dir, hooks, projectTrusted: trusted, agents: folders.agents && { definitions: folders.agents.agents, maxParallel: 2, maxTurns: 5 }, ...o.overrides });
  open.push({ h, dir });
  const run = async (text: string) => {
    const options = headlessPromptOptions(text, folders.commands, { workspace: dir, projectTrusted: trusted, mcp: false });
    const events: AgentEvent[] = [];
    await runEvents(h.session, text, options, (event) => {
      events.push(event);
      if (event.type === 'approval_request') h.session.runs.respond(event.approvalId, { kind: 'yes' });
    });
    return events;
  };
  return { h, dir, folders, run };
}

const sent = (x: Harness) => userTexts(x.provider.requests[0])[0];

describe('typed commands send what Claude Code sends', () => {
  const cases: [string, (dir: string) => string][] = [
    ['/release.notes v2 final', () => 'Release notes for v2 final.\n'],
    ['/_partials:header', () => 'Shared header text used by other commands.\n'],
    ['/ship staging', (d) => `Base directory for this skill: ${d}/.claude/commands/ship\n\nShip staging to ${d}/.claude/commands/ship.\n`],
    ['/ops:restart web "out of memory"', () => 'Restart web because out of memory.\n'],
    // A namespace and its command may be typed apart.
    ['/ops restart web slow', () => 'Restart web because slow.\n'],
    ['/loose-front 42 high', () => 'Fix issue 42 at priority high.\n'],
    ['/unreadable-front', () => 'Still a command, read without its frontmatter.\n'],
    // Named arguments, $0, \$ kept, $150 and the bcrypt-looking $10 emptied, awk's $1 filled: all as measured.
    ['/slots T-9 ana extra', () => "Ticket T-9 for ana (not $owner_name). First word: T-9. Literal: $0. Whole: T-9 ana extra.\nPrice: . Hash: $2b$saltsaltsalt.\n```sh\nawk '{print ana}' data.txt\n```\n"],
    // Only !`cmd` after a space or at a line's start runs, and ```! blocks; code spans and glued ones stay text.
    ['/shell-shapes', () => 'Branch: on-main\nGlued:!`echo not-run`\nInside x!`echo not-run-either`\nIn code: `!`echo still-not-run``\nfrom-a-block\n'],
    ['/tidy-imports src/a.ts', (d) => `Base directory for this skill: ${d}/.claude/skills/tidy-imports\n\nSort the imports of src/a.ts, then run ${d}/.claude/skills/tidy-imports/check.sh.\n`],
    ['/user-only v3', (d) => `Base directory for this skill: ${d}/.claude/skills/user-only\n\nCut the release branch v3.\n`],
    ['/release-notes', (d) => `Base directory for this skill: ${d}/.claude/skills/release-notes\n\n## Draft release notes from the changelog\n\nRead CHANGELOG.md and summarise the newest section.\n`],
  ];
  for (const [typed, expected] of cases) {
    it(typed, async () => {
      const p = project([{ text: 'ok' }]);
      const events = await p.run(typed);
      expect(runEnd(events).reason).toBe('done');
      expect(sent(p.h)).toBe(expected(p.dir));
    });
  }

  it('an argument cannot start a shell line: "!`" in it is spaced and escaped, as Claude Code does', async () => {
    const p = project([{ text: 'ok' }]);
    await p.run('/release.notes !`touch pwned.txt` and !`id`');
    expect(sent(p.h)).toBe('Release notes for \\! `touch pwned.txt` and \\! `id`.\n');
    expect(existsSync(join(p.dir, 'pwned.txt'))).toBe(false);
  });
});

describe('what runs instead of the model', () => {
  it('a !`command` that fails stops the command: nothing is sent, and the error names it', async () => {
    const p = project([{ text: 'never' }]);
    const events = await p.run('/failing');
    expect(runEnd(events)).toMatchObject({ reason: 'error' });
    expect(runEnd(events).error).toMatch(/^\/failing was not sent: its command `ls no-such-folder-here` failed: .*no-such-folder-here/);
    expect(p.h.provider.requests).toHaveLength(0);
  });

  it('an unknown name is answered without a model call; a path goes to the model', async () => {
    const p = project([{ text: 'about that path' }]);
    const unknown = await p.run('/deploy-all now');
    expect(runEnd(unknown)).toMatchObject({ reason: 'done', text: 'Unknown command: /deploy-all', turns: 0 });
    const near = await p.run('/fialing');
    expect(runEnd(near).text).toBe('Unknown command: /fialing. Did you mean /failing?');
    expect(p.h.provider.requests).toHaveLength(0);
    await p.run('/usr/bin/env is broken');
    expect(sent(p.h)).toBe('/usr/bin/env is broken');
  });

  it('a skill only the model may start answers so when typed', async () => {
    const p = project([{ text: 'never' }]);
    const events = await p.run('/model-only');
    expect(runEnd(events).text).toBe('This skill can only be invoked by Claude, not directly by users. Ask Claude to use the "model-only" skill for you.');
    expect(p.h.provider.requests).toHaveLength(0);
  });
});

describe('a command\'s model and hooks', () => {
  it('a Claude model is used on Anthropic, and replaced by the session\'s, with one sentence, elsewhere', async () => {
    const anthropic = project([{ text: 'ok' }], { overrides: { providerName: 'anthropic' } });
    await anthropic.run('/quick why');
    expect(anthropic.h.provider.requests[0].options.model).toBe('claude-3-5-haiku-20241022');
    const other = project([{ text: 'ok' }], { overrides: { providerName: 'openai' } });
    const events = await other.run('/quick why');
    expect(other.h.provider.requests[0].options.model).toBe('test-model');
    expect(events).toContainEqual(expect.objectContaining({ type: 'warning', message: expect.stringContaining('The model "claude-3-5-haiku-20241022" named in the file is Anthropic\'s; openai cannot serve it') }));
  });

  it('its hooks join the session when it runs (its own UserPromptSubmit included) and stay, as in Claude Code', async () => {
    const p = project([{ text: 'first' }, { text: 'second' }, { text: 'third' }]);
    await p.run('a message before');
    expect(existsSync(join(p.dir, 'hook-log.txt'))).toBe(false);
    await p.run('/hooked');
    await p.run('a plain message after');
    expect(readFileSync(join(p.dir, 'hook-log.txt'), 'utf8')).toBe('submit\nstop\nsubmit\nstop\n');
  });

  it('in a project not trusted yet, its hooks do not join and its allowed-tools are not granted, each said once', async () => {
    const gitStatus: ScriptedTurn[] = [{ toolCalls: [{ name: 'bash', input: { command: 'git status' } }] }, { text: 'done' }];
    const asks = (events: AgentEvent[]) => events.filter((e) => e.type === 'approval_request').length;
    const trusted = project(gitStatus, { overrides: { mode: 'ask' } });
    expect(asks(await trusted.run('/loose-front 1 low'))).toBe(0);
    const p = project([{ text: 'ok' }, ...gitStatus], { trusted: false, overrides: { mode: 'ask' } });
    const events = await p.run('/hooked');
    const granted = await p.run('/loose-front 1 low');
    expect(existsSync(join(p.dir, 'hook-log.txt'))).toBe(false);
    expect(events).toContainEqual(expect.objectContaining({ type: 'warning', message: "/hooked's hooks (UserPromptSubmit, Stop) were not run: this project is not trusted (trust it when rein asks at the start of a session, or run with --trust-project)." }));
    expect(granted).toContainEqual(expect.objectContaining({ type: 'warning', message: expect.stringMatching(/^\/loose-front's allowed-tools \(Bash\(git status:\*\), Read\) were not granted/) }));
    // Not granted: the model's `git status` is asked for, where the trusted project's ran without asking.
    expect(asks(granted)).toBe(1);
  });

  it('in a project not trusted yet, its !`commands` are judged as in ask mode: a headless run refuses them', async () => {
    const p = project([{ text: 'never' }], { trusted: false, overrides: { mode: 'yolo', interactive: false } });
    const events = await p.run('/shell-shapes');
    expect(runEnd(events).error).toMatch(/was not run \(denied: needs approval\); this project is not trusted/);
    expect(p.h.provider.requests).toHaveLength(0);
  });
});

describe('an agent file\'s hooks', () => {
  const audit: ScriptedTurn[] = [
    { toolCalls: [{ name: 'task', input: { description: 'audit', prompt: 'Audit notes.txt', subagent_type: 'read-only-audit' } }] },
    { toolCalls: [{ name: 'read_file', input: { path: 'notes.txt' } }] },
    { text: 'Nothing to report.' },
    { text: 'The audit found nothing.' },
  ];

  it('run while a child of that type runs (its Stop as SubagentStop), and not for the session\'s own calls', async () => {
    const p = project([...audit, { toolCalls: [{ name: 'read_file', input: { path: 'notes.txt' } }] }, { text: 'read it myself' }]);
    writeFileSync(join(p.dir, 'notes.txt'), 'all fine\n');
    await p.run('audit the notes');
    expect(readFileSync(join(p.dir, 'audit-log.txt'), 'utf8')).toBe('read-seen\naudit-done\n');
    await p.run('now read them yourself');
    expect(readFileSync(join(p.dir, 'audit-log.txt'), 'utf8')).toBe('read-seen\naudit-done\n');
  });

  it('of a project not trusted yet do not run, and the child says so once', async () => {
    const p = project(audit, { trusted: false });
    writeFileSync(join(p.dir, 'notes.txt'), 'all fine\n');
    // A child's events reach the session's subscribers, as the screen and stream-json see them.
    const events: AgentEvent[] = [];
    const stop = p.h.session.runs.subscribe((e) => events.push(e));
    await p.run('audit the notes');
    stop();
    expect(existsSync(join(p.dir, 'audit-log.txt'))).toBe(false);
    expect(events.filter((e) => e.type === 'warning' && e.message.includes('its hooks were not run'))).toEqual([
      expect.objectContaining({ message: 'Agent read-only-audit: its hooks were not run: this project is not trusted (trust it when rein asks at the start of a session, or run with --trust-project).' }),
    ]);
  });
});

