// End-to-end: in the built CLI's TUI, server-everything's prompts appear as /mcp__everything__… commands in the
// completion menu once it connects, sending one fetches the prompt, and @everything:uri attaches a resource.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startMockLlmServer } from '../support/mockLlmServer.js';
import { everythingBin } from '../support/mcpServers.js';
import { openRein, promptLine, typeAndSend, useTuiFixture } from '../support/tmux.js';

const fx = useTuiFixture('mcp-prompts');

const userContents = (body: { messages?: { role: string; content: unknown }[] }): string[] =>
  (body.messages ?? []).filter((m) => m.role === 'user').map((m) => (typeof m.content === 'string' ? m.content : JSON.stringify(m.content)));

describe('MCP prompts and resources in the rein TUI in tmux', () => {
  it('offers the server prompts in the menu, sends a prompt with its arguments, and attaches a resource', async () => {
    const config = join(fx.home, 'servers.json');
    writeFileSync(config, JSON.stringify({ mcpServers: { everything: { command: everythingBin, args: [] } } }));
    const server = await startMockLlmServer({ turns: [{ text: 'Sunny in Paris.' }, { text: 'Read the resource.' }] });
    const pane = await openRein(fx, server, ['--mcp-config', config]);
    await pane.waitFor('MCP 1/1', 20_000);

    await pane.sendText('/mcp__everything__ar');
    const menu = await pane.waitFor('mcp__everything__args-prompt');
    expect(menu).toContain('<city> [state]');
    // Clear the line, then send the full command.
    for (let i = 0; i < '/mcp__everything__ar'.length; i++) await pane.sendKeys('BSpace');
    await pane.waitFor((s) => !promptLine(s).includes('/mcp__'));
    await typeAndSend(pane, '/mcp__everything__args-prompt Paris');
    await pane.waitFor('Sunny in Paris.', 20_000);
    // The prompt's text, then the date reminder of a first message.
    expect(userContents(server.requests[0].body)).toHaveLength(1);
    expect(userContents(server.requests[0].body)[0]).toMatch(/^What's weather in Paris\?\n\n<system-reminder>/);

    await typeAndSend(pane, 'what does @everything:demo://resource/dynamic/text/7 say?');
    await pane.waitFor('Read the resource.', 20_000);
    const sent = userContents(server.requests[1].body).at(-1) ?? '';
    expect(sent).toContain('what does @everything:demo://resource/dynamic/text/7 say?');
    expect(sent).toContain('<mcp-resource server="everything" uri="demo://resource/dynamic/text/7">\nResource 7: This is a plaintext resource');
  });
});
