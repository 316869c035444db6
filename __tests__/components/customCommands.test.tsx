// Custom commands in the app: the menu and /help show them with their origin; choosing one sends its prompt options;
// one typed during a run waits in the queue and runs after it.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { stripVTControlCharacters } from 'node:util';
import { slashCommands } from '../../source/commands/builtins.js';
import { loadCustomCommands } from '../../source/extensions/commandFiles.js';
import { customSlashCommand } from '../../source/commands/commandPrompt.js';
import { loadSkills } from '../../source/extensions/skills.js';
import { CommandList } from '../../source/commands/commandList.js';
import { FakeSession, simpleRun, ticks } from '../support/fakeSession.js';
import { keys, renderApp, type AppHarness } from './harness.js';

let root: string;
let h: AppHarness | undefined;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'rein-cmd-ui-'));
});
afterEach(() => {
  h?.cleanup();
  h = undefined;
  rmSync(root, { recursive: true, force: true });
});

function commandList(): CommandList {
  const put = (file: string, text: string) => {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, text);
  };
  put(join(root, '.claude', 'commands', 'frontend', 'component.md'), '---\ndescription: make a component\nargument-hint: [name]\n---\nMake a component called $0.');
  put(join(root, '.rein', 'commands', 'standup.md'), '---\ndescription: write my standup\n---\nWrite my standup.');
  put(join(root, '.claude', 'skills', 'build-facts', 'SKILL.md'), '---\ndescription: facts about the build\nuser-invocable: false\n---\nThe build uses make.');
  const list = new CommandList(slashCommands);
  const { commands } = loadCustomCommands({ workspace: root, reinHome: join(root, 'rein-home'), home: join(root, 'home') });
  const skills = loadSkills({ workspace: root, reinHome: join(root, 'rein-home'), home: join(root, 'home') }).skills.flatMap((s) => (s.command ? [s.command] : []));
  list.setSource('custom', [...commands, ...skills].map((c) => customSlashCommand(c, { workspace: root, projectTrusted: () => true })));
  return list;
}

const screen = (h: AppHarness) => stripVTControlCharacters(h.lastFrame());

describe('custom commands in the app', () => {
  it('offers them in the completion menu with their origin, and sends the chosen one with its prompt options', async () => {
    h = await renderApp({ bridge: { commands: commandList() } });
    await h.type('/fron');
    expect(screen(h)).toMatch(/\/frontend:component \[name\]\s+make a component \(project, \.claude\)/);
    await h.press(keys.enter);
    expect(screen(h)).toContain('❯ /frontend:component ');
    await h.type('Button');
    await h.press(keys.enter);
    await ticks(4);
    expect(h.session.prompts).toEqual(['/frontend:component Button']);
    const options = h.session.promptOptions[0];
    expect(options?.display).toBe('/frontend:component Button');
    expect(options?.expand).toBeTypeOf('function');
  });

  it('keeps a skill only the model may start out of the menu, and answers so when it is typed', async () => {
    h = await renderApp({ bridge: { commands: commandList() } });
    await h.type('/build-facts');
    expect(screen(h)).not.toContain('facts about the build');
    await h.press(keys.enter);
    await ticks();
    expect(screen(h)).toContain('This skill can only be invoked by Claude, not directly by users.');
    expect(h.session.prompts).toEqual([]);
  });

  it('lists them in /help after the built-ins', async () => {
    h = await renderApp({ bridge: { commands: commandList() } });
    await h.type('/help');
    await h.press(keys.escape, keys.enter);
    await ticks();
    const notice = h.bridge.store.getState().transcript.filter((i) => i.kind === 'notice').at(-1);
    const text = notice && notice.kind === 'notice' ? notice.text : '';
    expect(text).toMatch(/\/frontend:component \[name\]\s+make a component \(project, \.claude\)/);
    expect(text).toMatch(/\/standup\s+write my standup \(project\)/);
    expect(text.indexOf('/exit')).toBeLessThan(text.indexOf('/frontend:component'));
    expect(text).not.toContain('build-facts');
  });

  it('queues one typed during a run and runs it when the run ends', async () => {
    let release: () => void = () => undefined;
    const session = new FakeSession();
    session.script(simpleRun('r1', 'first', 'first answer')[0], { wait: 'promise', promise: new Promise<void>((r) => (release = r)) }, ...simpleRun('r1', 'first', 'first answer').slice(1));
    h = await renderApp({ session, bridge: { commands: commandList() } });
    h.bridge.send('first');
    await ticks();
    h.bridge.send('/standup');
    await ticks();
    expect(h.bridge.store.getState().queued).toEqual(['/standup']);
    expect(session.prompts).toEqual(['first']);
    release();
    await h.bridge.idle();
    expect(session.prompts).toEqual(['first', '/standup']);
    expect(session.promptOptions[1]?.expand).toBeTypeOf('function');
  });
});
