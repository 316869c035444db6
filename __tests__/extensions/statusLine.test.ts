// The status line: which settings file's command runs, the JSON it reads, what it prints, and how runs settle.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { StatusLineRunner } from '../../source/extensions/statusLine.js';
import { resolveStatusLine } from '../../source/extensions/statusLineConfig.js';
import { feedStatusLine } from '../../source/store/statusLineFeed.js';
import { createAppStore } from '../../source/store/store.js';
import { initialState } from '../../source/store/state.js';
import { cleanStatusText, userStatusRows } from '../../components/view/userStatusLines.js';
import type { ClaudeSettingsFile } from '../../source/permissions/ruleSources.js';
import { hookDir, type HookDir } from './hookHelpers.js';

let d: HookDir;
const stops: (() => void)[] = [];
afterEach(() => {
  for (const stop of stops.splice(0)) stop();
  d?.cleanup();
});

const file = (name: string, scope: 'user' | 'project', settings: Record<string, unknown>): ClaudeSettingsFile => ({ file: name, scope, settings });

describe('which status line runs', () => {
  it('takes local over project over user, a project\'s only once trusted, none with disableAllHooks', () => {
    const user = file('~/.claude/settings.json', 'user', { statusLine: { type: 'command', command: 'echo user' } });
    const project = file('.claude/settings.json', 'project', { statusLine: { type: 'command', command: 'echo project', padding: 2, refreshInterval: 5 } });
    const local = file('.claude/settings.local.json', 'project', { statusLine: { type: 'command', command: 'echo local' } });
    expect(resolveStatusLine([user, project, local], true).setting?.command).toBe('echo local');
    expect(resolveStatusLine([user, project], true).setting).toMatchObject({ command: 'echo project', padding: 2, refreshIntervalS: 5 });
    expect(resolveStatusLine([user, project, local], false).setting?.command).toBe('echo user');
    expect(resolveStatusLine([user, file('.claude/settings.json', 'project', { disableAllHooks: true })], true).setting).toBeUndefined();
    // An untrusted project cannot turn off the user's own.
    expect(resolveStatusLine([user, file('.claude/settings.json', 'project', { disableAllHooks: true })], false).setting?.command).toBe('echo user');
  });

  it('names a setting it cannot use in one sentence', () => {
    const found = resolveStatusLine([file('a.json', 'user', { statusLine: 'echo hi' }), file('b.json', 'user', { statusLine: { command: 'echo b', refreshInterval: 0 } })], true);
    expect(found.warnings).toEqual([
      '"statusLine" in a.json must be {"type": "command", "command": "..."}; it was not used.',
      '"statusLine.refreshInterval" in b.json must be a number of seconds of at least 1; the status line runs on events only.',
    ]);
    expect(found.setting?.command).toBe('echo b');
  });
});

describe('the status line command', () => {
  const runner = (command: string, texts: (string | undefined)[], debounceMs = 0) => {
    const r = new StatusLineRunner({ setting: { command, padding: 0, file: 'x' }, projectDir: d.dir, onText: (t) => texts.push(t), debounceMs, size: () => ({ columns: 77, rows: 21 }) });
    stops.push(() => r.dispose());
    return r;
  };

  it('reads the JSON on stdin and its stdout is the text; COLUMNS and LINES give the screen size', async () => {
    d = hookDir();
    const texts: (string | undefined)[] = [];
    runner(`jq -r '"[" + .model.display_name + "]"'; echo "$COLUMNS x $LINES"`, texts).request(() => ({ model: { display_name: 'Opus' } }));
    await expect.poll(() => texts, { timeout: 20_000 }).toEqual(['[Opus]\n77 x 21']);
  });

  it('a command that fails or prints nothing shows no status line', async () => {
    d = hookDir();
    const texts: (string | undefined)[] = [];
    const r = runner('echo broken; exit 3', texts);
    r.request(() => ({}));
    await expect.poll(() => texts.length, { timeout: 20_000 }).toBe(1);
    expect(texts).toEqual([undefined]);
  });

  it('a newer request stops a run still going: only the newest facts are shown', async () => {
    d = hookDir();
    const texts: (string | undefined)[] = [];
    // The first run waits until told to finish; the second finds the marker gone and answers at once.
    const script = d.script('slow', `input=$(cat); n=$(jq -r .n <<<"$input"); if [ "$n" = 1 ]; then touch "$D/first-started"; sleep 30; fi; echo "n=$n"`);
    const r = runner(script, texts);
    r.request(() => ({ n: 1 }));
    await expect.poll(() => d.has('first-started'), { timeout: 20_000 }).toBe(true);
    r.request(() => ({ n: 2 }));
    await expect.poll(() => texts, { timeout: 20_000 }).toEqual(['n=2']);
    expect(r.runs).toBe(1);
  });
});

describe('what the screen shows', () => {
  it('keeps colour codes, drops every other control sequence, and cuts each row to the width', () => {
    expect(cleanStatusText('\x1b[32mok\x1b[0m \x1b[2J\x1b[Hx \x1b]0;title\x07y \x1b]8;;http://a\x1b\\link\x1b]8;;\x1b\\')).toBe('\x1b[32mok\x1b[0m x y link');
    const rows = userStatusRows('\x1b[31mred text that is far too long for the row\x1b[0m\nsecond\nthird\nfourth', 12, 3);
    expect(rows).toHaveLength(3);
    expect(rows[0].endsWith('\x1b[0m')).toBe(true);
    expect(rows[0].replace(/\x1b\[[0-9;]*m/g, '')).toBe('red text th…');
    expect(rows.slice(1)).toEqual(['second', 'third']);
    expect(userStatusRows(undefined, 80, 3)).toEqual([]);
  });
});

describe('feeding the status line from the screen\'s state', () => {
  it('runs at start and again after an answer changes the usage, with Claude Code\'s fields', async () => {
    d = hookDir();
    const info = { sessionId: 's-1', cwd: d.dir, provider: 'anthropic', model: 'claude-x', mode: 'ask' as const, contextWindow: 200_000 };
    const store = createAppStore(initialState(info));
    const conversation = { logFile: () => join(d.dir, 'log.jsonl') };
    const script = d.script('line', 'input=$(cat); echo "$input" >> "$D/inputs.jsonl"; jq -r \'"ctx " + (.context_window.total_input_tokens|tostring)\' <<<"$input"');
    stops.push(feedStatusLine({ store, conversation, setting: { command: script, padding: 1, file: 'x' }, version: '9.9.9', projectDir: d.dir, debounceMs: 0 }));
    await expect.poll(() => store.getState().userStatus, { timeout: 20_000 }).toBe(' ctx 0');
    store.setState({ usage: { ...store.getState().usage, outputTokens: 5 }, context: { tokens: 1234, window: 200_000, percent: 0.6 } });
    await expect.poll(() => store.getState().userStatus, { timeout: 20_000 }).toBe(' ctx 1234');
    const inputs = readFileSync(join(d.dir, 'inputs.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(inputs.at(-1)).toMatchObject({
      session_id: 's-1', transcript_path: join(d.dir, 'log.jsonl'), cwd: d.dir, model: { id: 'claude-x', display_name: 'claude-x' },
      workspace: { current_dir: d.dir, project_dir: d.dir, added_dirs: [] }, version: '9.9.9', output_style: { name: 'default' },
      context_window: { total_input_tokens: 1234, context_window_size: 200_000, used_percentage: 1, remaining_percentage: 99 },
      exceeds_200k_tokens: false,
    });
    expect(existsSync(join(d.dir, 'inputs.jsonl'))).toBe(true);
  });
});
