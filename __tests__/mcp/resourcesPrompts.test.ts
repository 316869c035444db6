// Resources and prompts of the real server-everything over stdio: `@server:uri` attaches a resource to the message,
// `/mcp__server__prompt args` sends the prompt's messages, and failures are one warning (or one error) each.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { McpManager } from '../../source/mcp/manager.js';
import { mapPromptArguments, promptCommandName } from '../../source/mcp/prompts.js';
import { findResourceMentions } from '../../source/mcp/resources.js';
import type { ScriptedTurn } from '../../source/providers/scripted.js';
import type { AgentEvent } from '../../source/protocol/events.js';
import { makeHarness, runEnd, runPrompt, userTexts, type Harness } from '../support/engineHarness.js';
import { entry, everythingBin, faultServer, stdio, until } from '../support/mcpServers.js';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function everythingSession(script: ScriptedTurn[], server = entry('everything', stdio(everythingBin))): Harness & { manager: McpManager } {
  const reinHome = mkdtempSync(join(tmpdir(), 'rein-mcp-res-home-'));
  const workspace = mkdtempSync(join(tmpdir(), 'rein-mcp-res-ws-'));
  const manager = new McpManager({
    servers: [server], problems: [], projectDir: workspace, reinHome, workspace,
    sessionDir: join(reinHome, 'sessions', 's'), startupTimeoutMs: 10_000, toolTimeoutMs: 30_000,
    interactive: false, projectTrusted: false, clientVersion: 'test',
  });
  const harness = makeHarness(script, { mode: 'yolo', sessionId: 's', sessionsDir: join(reinHome, 'sessions'), cwd: workspace, workspace, mcp: manager });
  manager.start();
  cleanups.push(async () => {
    await harness.cleanup();
    rmSync(reinHome, { recursive: true, force: true });
    rmSync(workspace, { recursive: true, force: true });
  });
  return { ...harness, manager };
}

const warnings = (events: AgentEvent[]) => events.flatMap((e) => (e.type === 'warning' ? [e.message] : []));

describe('@server:uri mentions', () => {
  it('finds mentions with a URI scheme only, without trailing punctuation', () => {
    expect(findResourceMentions('read @docs:file:///a/b.md, then @x:demo://r/1. Not @src/app.ts:12 or me@host:https://x or @alice:')).toEqual([
      { text: '@docs:file:///a/b.md', server: 'docs', uri: 'file:///a/b.md' },
      { text: '@x:demo://r/1', server: 'x', uri: 'demo://r/1' },
    ]);
  });

  it('attaches a text resource and describes a blob in one line; the prompt as typed stays the run prompt', async () => {
    const h = everythingSession([{ text: 'read it' }]);
    await h.manager.whenReady();
    const events = await runPrompt(h.session, 'summarise @everything:demo://resource/dynamic/text/1 and @everything:demo://resource/dynamic/blob/2');
    expect(warnings(events)).toEqual([]);
    expect(events.find((e) => e.type === 'run_start')).toMatchObject({ prompt: 'summarise @everything:demo://resource/dynamic/text/1 and @everything:demo://resource/dynamic/blob/2' });
    const sent = userTexts(h.provider.requests[0]).join('\n');
    expect(sent).toMatch(/<mcp-resource server="everything" uri="demo:\/\/resource\/dynamic\/text\/1">\nResource 1: This is a plaintext resource created at .+\n<\/mcp-resource>/);
    expect(sent).toMatch(/<mcp-resource server="everything" uri="demo:\/\/resource\/dynamic\/blob\/2">\n\[binary resource demo:\/\/resource\/dynamic\/blob\/2 \(text\/plain\), \d+\.\d KB: not shown\]\n<\/mcp-resource>/);
  });

  it('a message with a dozen mentions attaches each, and the SDK\'s listeners do not pile up on the run\'s signal', async () => {
    const h = everythingSession([{ text: 'read them' }]);
    await h.manager.whenReady();
    const nodeWarnings: string[] = [];
    const onWarning = (warning: Error) => nodeWarnings.push(`${warning.name}: ${warning.message}`);
    process.on('warning', onWarning);
    cleanups.push(() => void process.off('warning', onWarning));
    const mentions = Array.from({ length: 12 }, (_, i) => `@everything:demo://resource/dynamic/text/${i + 1}`);
    const events = await runPrompt(h.session, `summarise ${mentions.join(' ')}`);
    expect(warnings(events)).toEqual([]);
    const sent = userTexts(h.provider.requests[0]).join('\n');
    for (let i = 1; i <= 12; i++) expect(sent).toContain(`Resource ${i}: This is a plaintext resource`);
    // Node reports a listener leak on the next turn of the event loop.
    await new Promise((resolve) => setImmediate(resolve));
    expect(nodeWarnings.filter((w) => w.startsWith('MaxListenersExceededWarning'))).toEqual([]);
  });

  it('an unknown server or a failing read is one warning each, and the message is still sent', async () => {
    const h = everythingSession([{ text: 'ok' }]);
    await h.manager.whenReady();
    const events = await runPrompt(h.session, 'see @nosuch:demo://x and @everything:demo://resource/dynamic/text/0');
    expect(warnings(events)).toEqual([
      '@nosuch:demo://x was not attached: No MCP server named nosuch (configured: everything); the message was sent without it.',
      expect.stringMatching(/^@everything:demo:\/\/resource\/dynamic\/text\/0 was not attached: MCP server everything could not read demo:\/\/resource\/dynamic\/text\/0: .*Unknown resource.*; the message was sent without it\.$/),
    ]);
    expect(runEnd(events).reason).toBe('done');
    expect(userTexts(h.provider.requests[0])[0]).toBe('see @nosuch:demo://x and @everything:demo://resource/dynamic/text/0');
  });

  it('lists a server\'s resources and templates for the /mcp panel', async () => {
    const h = everythingSession([]);
    await h.manager.whenReady();
    const resources = await h.manager.listResources('everything');
    expect(resources).toContainEqual(expect.objectContaining({ uri: 'demo://resource/dynamic/text/{resourceId}', template: true }));
    expect(resources.some((r) => r.uri.startsWith('demo://resource/static/document/') && r.template === undefined)).toBe(true);
    await expect(h.manager.listResources('nosuch')).rejects.toThrow('No MCP server named nosuch (configured: everything).');
  });
});

describe('server prompts as slash commands', () => {
  it('lists each prompt as /mcp__server__prompt with its declared arguments', async () => {
    const h = everythingSession([]);
    await h.manager.whenReady();
    const commands = h.manager.promptCommands();
    expect(commands.map((c) => c.command)).toEqual(expect.arrayContaining(['mcp__everything__simple-prompt', 'mcp__everything__args-prompt', 'mcp__everything__resource-prompt']));
    expect(commands.find((c) => c.prompt === 'args-prompt')).toMatchObject({
      server: 'everything', description: 'A prompt with two arguments, one required and one optional',
      arguments: [expect.objectContaining({ name: 'city', required: true }), expect.objectContaining({ name: 'state', required: false })],
    });
  });

  it('maps positional words in order, the rest of the line to the last argument, and names a missing one', () => {
    const command = { command: promptCommandName('Ev!', 'Args'), server: 'Ev!', prompt: 'Args', arguments: [{ name: 'city', required: true }, { name: 'state', required: false }] };
    expect(command.command).toBe('mcp__ev___args');
    expect(mapPromptArguments(command, 'Paris Ile de France')).toEqual({ city: 'Paris', state: 'Ile de France' });
    expect(mapPromptArguments(command, 'Paris')).toEqual({ city: 'Paris' });
    expect(() => mapPromptArguments(command, '')).toThrow('/mcp__ev___args needs city: /mcp__ev___args <city> [state]');
  });

  it('sends the prompt\'s messages, arguments filled in, as the user message', async () => {
    const h = everythingSession([{ text: 'sunny' }, { text: 'here it is' }]);
    await h.manager.whenReady();
    const events = await runPrompt(h.session, '/mcp__everything__args-prompt Springfield New Jersey');
    expect(runEnd(events).reason).toBe('done');
    expect(userTexts(h.provider.requests[0])[0]).toBe("What's weather in Springfield, New Jersey?");
    // An embedded resource in a prompt comes inline.
    await runPrompt(h.session, '/mcp__everything__resource-prompt Text 3');
    const sent = userTexts(h.provider.requests[1]).at(-1) ?? '';
    expect(sent).toMatch(/^This prompt includes the Text resource with id: 3\. Please analyze the following resource:\n\n<mcp-resource uri="demo:\/\/resource\/dynamic\/text\/3">\nResource 3: This is a plaintext resource/);
  });

  it('a prompt that cannot be fetched ends the run with one error and sends nothing', async () => {
    const h = everythingSession([{ text: 'never' }]);
    await h.manager.whenReady();
    const events = await runPrompt(h.session, '/mcp__everything__args-prompt');
    expect(events.filter((e) => e.type === 'error').map((e) => (e as { message: string }).message)).toEqual([
      '/mcp__everything__args-prompt needs city: /mcp__everything__args-prompt <city> [state]',
    ]);
    expect(runEnd(events)).toMatchObject({ reason: 'error' });
    expect(h.provider.requests).toHaveLength(0);
    const unknown = await runPrompt(h.session, '/mcp__everything__nope');
    expect(runEnd(unknown).error).toBe('No MCP prompt /mcp__everything__nope; type / to see the prompts of connected servers.');
  });

  it('a server\'s prompts/list_changed brings its new prompt into the list', async () => {
    const h = everythingSession([{ toolCalls: [{ id: 'a', name: 'mcp__own__add_prompt', input: { name: 'fresh' } }] }, { text: 'added' }, { text: 'ok' }], entry('own', faultServer('prompts')));
    await h.manager.whenReady();
    expect(h.manager.promptCommands().map((c) => c.command)).toEqual(['mcp__own__greet']);
    await runPrompt(h.session, 'add one');
    await until(() => h.manager.promptCommands().length === 2, 10_000, 'the new prompt list');
    expect(h.manager.promptCommands().map((c) => c.command)).toEqual(['mcp__own__fresh', 'mcp__own__greet']);
    await runPrompt(h.session, '/mcp__own__fresh');
    expect(userTexts(h.provider.requests[2]).at(-1)).toBe('fresh prompt text');
  });
});
