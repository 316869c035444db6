// Where hooks come from (agent.config.json layers, Claude Code's settings files read unchanged) and trust for a project's hooks.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../source/config/index.js';
import { loadHooks } from '../../source/extensions/hookConfig.js';
import { setupHooks } from '../../source/extensions/hookSetup.js';
import { matcherSelectsTool } from '../../source/extensions/hookToolNames.js';
import { loadPermissionRules, readClaudeSettings } from '../../source/permissions/ruleSources.js';
import { makeHarness, runPrompt, type Harness } from '../support/engineHarness.js';
import { capture, hookDir, makeHooks, on, type HookDir } from './hookHelpers.js';

let h: Harness | undefined;
let d: HookDir;
const dirs: string[] = [];
afterEach(async () => {
  await h?.cleanup();
  h = undefined;
  d?.cleanup();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
const temp = (prefix: string) => {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  dirs.push(dir);
  return dir;
};

describe('trust for project hooks', () => {
  it("runs a project's hooks only when the project is trusted; the user's own always run", async () => {
    d = hookDir();
    const config = on('UserPromptSubmit', capture(d, 'project'));
    const untrusted = makeHooks(d, config, { scope: 'project' });
    expect(untrusted.warnings).toEqual([]);
    h = makeHarness([{ text: 'one' }], { hooks: untrusted.hooks });
    await runPrompt(h.session, 'untrusted');
    expect(d.inputs('project')).toEqual([]);
    await h.cleanup();

    h = makeHarness([{ text: 'one' }], { hooks: makeHooks(d, config, { scope: 'project', projectTrusted: true }).hooks });
    await runPrompt(h.session, 'trusted');
    expect(d.inputs('project').map((i) => i.prompt)).toEqual(['trusted']);
    await h.cleanup();

    h = makeHarness([{ text: 'one' }], { hooks: makeHooks(d, on('UserPromptSubmit', capture(d, 'user')), { scope: 'user' }).hooks });
    await runPrompt(h.session, 'mine');
    expect(d.inputs('user').map((i) => i.prompt)).toEqual(['mine']);
  });
});

describe('where hooks are read from', () => {
  it('reads Claude Code\'s settings files unchanged (comments, permissions beside hooks), user and project scope', () => {
    const workspace = temp('rein-ws-');
    const home = temp('rein-home-');
    mkdirSync(join(workspace, '.claude'));
    mkdirSync(join(home, '.claude'));
    writeFileSync(join(workspace, '.claude', 'settings.json'), `{
  // shared with the team
  "permissions": { "deny": ["Bash(git push:*)"] },
  "hooks": {
    "PostToolUse": [
      { "matcher": "Edit|MultiEdit|Write", "hooks": [ { "type": "command", "command": "\\"$CLAUDE_PROJECT_DIR\\"/.claude/hooks/format.sh", "timeout": 30 } ] }
    ]
  }
}`);
    writeFileSync(join(workspace, '.claude', 'settings.local.json'), JSON.stringify({ hooks: { Stop: [{ hooks: [{ type: 'command', command: 'notify-send done' }] }] } }));
    writeFileSync(join(home, '.claude', 'settings.json'), JSON.stringify({ hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'audit.sh' }] }] } }));
    const settings = readClaudeSettings(workspace, home);
    const options = { layers: [], settings, projectDir: workspace, cwd: workspace, reinHome: home, sessionId: 's', transcriptPath: 't' };
    const setup = setupHooks({ ...options, projectTrusted: false });
    expect(setup.warnings).toEqual([]);
    expect(setup.hooks?.selected('PreToolUse', 'bash').map((x) => [x.command, x.scope])).toEqual([['audit.sh', 'user']]);
    expect(setup.hooks?.selected('PostToolUse', 'edit_file')).toEqual([]);
    const trusted = setupHooks({ ...options, projectTrusted: true }).hooks;
    expect([...(trusted?.selected('PostToolUse', 'edit_file') ?? []), ...(trusted?.selected('Stop') ?? [])].map((x) => [x.event, x.matcher, x.command, x.file])).toEqual([
      ['PostToolUse', 'Edit|MultiEdit|Write', '"$CLAUDE_PROJECT_DIR"/.claude/hooks/format.sh', join(workspace, '.claude', 'settings.json')],
      ['Stop', '', 'notify-send done', join(workspace, '.claude', 'settings.local.json')],
    ]);
    // The same reading serves the permission rules.
    expect(loadPermissionRules({ workspace, home, settings }).rules.map((r) => r.text)).toEqual(['Bash(git push:*)']);
  });

  it('"disableAllHooks": true in a settings file turns every hook off, as in Claude Code, but an untrusted project cannot turn off yours', () => {
    const workspace = temp('rein-ws-');
    const home = temp('rein-home-');
    mkdirSync(join(workspace, '.claude'));
    writeFileSync(join(workspace, '.claude', 'settings.local.json'), JSON.stringify({ disableAllHooks: true }));
    const settings = readClaudeSettings(workspace, home);
    const options = { settings, projectDir: workspace, cwd: workspace, reinHome: home, sessionId: 's', transcriptPath: 't', projectTrusted: true };
    const layers = [{ file: join(home, 'agent.config.json'), scope: 'user' as const, hooks: on('Stop', 'echo stop') }];
    expect(setupHooks({ ...options, layers }).hooks).toBeUndefined();
    expect(setupHooks({ ...options, settings: [], layers }).hooks?.selected('Stop')).toHaveLength(1);
    expect(setupHooks({ ...options, projectTrusted: false, layers }).hooks?.selected('Stop')).toHaveLength(1);
    mkdirSync(join(home, '.claude'));
    writeFileSync(join(home, '.claude', 'settings.json'), JSON.stringify({ disableAllHooks: true }));
    expect(setupHooks({ ...options, settings: readClaudeSettings(workspace, home), projectTrusted: false, layers }).hooks).toBeUndefined();
  });

  it('takes hooks from every agent.config.json layer without expanding their variables', () => {
    const cwd = temp('rein-ws-');
    const reinHome = temp('rein-home-');
    writeFileSync(join(reinHome, 'agent.config.json'), JSON.stringify({ hooks: on('SessionStart', 'echo ${HOME}') }));
    writeFileSync(join(cwd, 'agent.config.json'), JSON.stringify({ hooks: on('Stop', 'echo ${UNSET_VARIABLE_FOR_HOOKS}') }));
    const loaded = loadConfig({ cwd, env: {}, reinHome });
    expect(loaded.hookLayers.map((l) => [l.file, l.scope])).toEqual([[join(reinHome, 'agent.config.json'), 'user'], [join(cwd, 'agent.config.json'), 'project']]);
    const hooks = loadHooks(loaded.hookLayers).hooks;
    expect(hooks.map((x) => [x.event, x.command, x.scope, x.timeoutMs])).toEqual([
      ['SessionStart', 'echo ${HOME}', 'user', 600_000],
      ['Stop', 'echo ${UNSET_VARIABLE_FOR_HOOKS}', 'project', 600_000],
    ]);
  });

  it('reports each bad entry in one sentence and keeps the rest', () => {
    const loaded = loadHooks([{ file: 'a.json', scope: 'user', hooks: {
      PreToolUse: [{ matcher: '(', hooks: [{ type: 'command', command: 'x' }] }, { matcher: 'Bash', hooks: [{ type: 'command', command: 'kept' }] }],
      AfterEverything: [],
      Stop: [{ hooks: [{ type: 'webhook', url: 'http://x' }, { type: 'command', command: 'y', timeout: -1 }, { type: 'http' }] }],
      SessionStart: [{ hooks: [{ type: 'prompt', prompt: 'check' }] }],
      TeammateIdle: [{ hooks: [{ type: 'command', command: 'z' }] }],
    } }]);
    expect(loaded.hooks.map((x) => x.command)).toEqual(['kept']);
    expect(loaded.problems).toEqual([
      expect.stringMatching(/^a\.json: hooks\.PreToolUse\[0\]\.matcher is not a valid regular expression \(.*\); it was not loaded\.$/),
      expect.stringMatching(/^a\.json: hooks\.AfterEverything is not an event rein knows \(known: SessionStart, .*, UserPromptExpansion, DirectoryAdded\); its hooks were not loaded\.$/),
      'a.json: hooks.Stop[0].hooks[0].type must be one of command, http, prompt, mcp_tool, agent (got "webhook"); it was not loaded.',
      'a.json: hooks.Stop[0].hooks[1].timeout must be more than 0 (got -1); it was not loaded.',
      'a.json: hooks.Stop[0].hooks[2].url is missing; it was not loaded.',
      'a.json: hooks.SessionStart[0].hooks[0].type must be one of command, mcp_tool for SessionStart (got "prompt"); it was not loaded.',
      'a.json: hooks.TeammateIdle is an event rein does not run: rein\'s team mode has no idle teammates to hold back.',
    ]);
  });

  it('matchers: plain names exactly in either naming, regular expressions on both, "" and "*" for all, mcp__ names', () => {
    expect(matcherSelectsTool('Bash', 'bash')).toBe(true);
    expect(matcherSelectsTool('Write', 'todo_write')).toBe(false);
    expect(matcherSelectsTool('Edit|Write', 'write_file')).toBe(true);
    expect(matcherSelectsTool('MultiEdit', 'edit_file')).toBe(true);
    expect(matcherSelectsTool('read_file', 'read_file')).toBe(true);
    expect(matcherSelectsTool('Notebook.*', 'read_file')).toBe(false);
    expect(matcherSelectsTool('.*_file', 'write_file')).toBe(true);
    expect(matcherSelectsTool('mcp__github__.*', 'mcp__github__create_issue')).toBe(true);
    expect(matcherSelectsTool('mcp__memory__.*', 'mcp__github__create_issue')).toBe(false);
    expect(matcherSelectsTool('', 'grep')).toBe(true);
    expect(matcherSelectsTool('*', 'grep')).toBe(true);
  });
});
