// End-to-end: MCP servers in the built CLI's full-screen session in tmux — the trust question for a project's
// .mcp.json, the /mcp panel (servers, tools, reconnect), and a server that crashes mid-session.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startMockLlmServer, type MockTurn } from '../support/mockLlmServer.js';
import { everythingBin, faultServerFile } from '../support/mcpServers.js';
import { promptLine, reinCommand, statusLine, typeAndSend, useTuiFixture, type TmuxPane } from '../support/tmux.js';

const fx = useTuiFixture('mcp');

/** Starts rein against a fresh mock server; the caller waits for what its first screen shows. */
async function startRein(turns: MockTurn[], extraArgs: string[] = []): Promise<TmuxPane> {
  await fx.server?.close();
  fx.server = await startMockLlmServer({ turns });
  const args = ['--provider', 'openai', '--base-url', fx.server.openaiBaseUrl, '--model', 'test-model', ...extraArgs];
  fx.pane = await fx.tmux.start({ command: reinCommand({ cli: fx.cli.cliPath, args, home: fx.home, env: { OPENAI_API_KEY: 'sk-test' } }), cwd: fx.cwd });
  return fx.pane;
}

const faultDefinition = (marks?: string) => ({ command: process.execPath, args: [faultServerFile, 'normal'], ...(marks ? { env: { FAULT_MARKS: marks } } : {}) });

function writeServers(file: string, servers: Record<string, unknown>): string {
  writeFileSync(file, JSON.stringify({ mcpServers: servers }, null, 2));
  return file;
}

const starts = (file: string): number => (existsSync(file) ? readFileSync(file, 'utf8').split('\n').filter((l) => l.startsWith('start')).length : 0);

describe('MCP in the rein TUI', () => {
  it("asks whether to trust a project's .mcp.json before the session opens, starts the server on y, and does not ask again", async () => {
    writeServers(join(fx.cwd, '.mcp.json'), { fault: faultDefinition() });
    const first = await startRein([]);
    const dialog = await first.waitFor('Trust this project?', 20_000);
    expect(dialog).toMatch(/MCP server fault\s+\.mcp\.json/);
    expect(dialog).toContain(`$ ${process.execPath} ${faultServerFile} normal`);
    expect(dialog).toMatch(/Trust this project\s+Don't trust/);
    expect(dialog).not.toContain('Type a message');
    await first.sendKeys('y');
    const started = await first.waitFor((s) => statusLine(s).includes('MCP 1/1') && promptLine(s).includes('Type a message'), 20_000);
    expect(started).not.toContain('Trust this project?');
    expect(readFileSync(join(fx.home, 'project-trust.json'), 'utf8')).toContain('"trusted"');
    await typeAndSend(first, '/exit');
    await first.waitFor(/EXIT:0/);
    await first.kill();

    const second = await startRein([]);
    const again = await second.waitFor((s) => statusLine(s).includes('MCP 1/1') && promptLine(s).includes('Type a message'), 20_000);
    expect(again).not.toContain('Trust this project?');
  });

  it('/mcp lists the servers and a server’s tools, and r reconnects one', async () => {
    const marks = join(fx.cwd, 'marks');
    const config = writeServers(join(fx.cwd, 'servers.json'), { everything: { command: everythingBin }, fault: faultDefinition(marks) });
    const p = await startRein([], ['--mcp-config', config]);
    await p.waitFor((s) => statusLine(s).includes('MCP 2/2') && promptLine(s).includes('Type a message'), 30_000);
    await typeAndSend(p, '/mcp');
    const panel = await p.waitFor('MCP servers · 2/2 connected');
    expect(panel).toMatch(/❯ everything\s+connected\s+stdio\s+\d+ tools\s+user/);
    expect(panel).toMatch(/fault\s+connected\s+stdio\s+5 tools\s+user/);
    expect(panel).toMatch(/log: .*\/mcp\/fault\.log/);

    await p.sendKeys('Enter');
    const tools = await p.waitFor(/everything · \d+ tools/);
    expect(tools).toMatch(/echo\s+Echoes back the input string/);
    await p.sendKeys('Escape');
    await p.waitFor('MCP servers · 2/2 connected');

    expect(starts(marks)).toBe(1);
    await p.sendKeys('Down');
    await p.waitFor(/❯ fault/);
    await p.sendKeys('r');
    // A new process, connected again.
    await p.waitFor(() => starts(marks) === 2, 20_000);
    await p.waitFor(/❯ fault\s+connected\s+stdio\s+5 tools/, 20_000);
    await p.sendKeys('Escape');
    const closed = await p.waitFor((s) => !s.includes('MCP servers ·'));
    expect(promptLine(closed)).toContain('Type a message');
  });

  it('a server that crashes mid-session shows one warning line; its call answers "/mcp to reconnect"', async () => {
    const config = writeServers(join(fx.cwd, 'servers.json'), { fault: faultDefinition() });
    const p = await startRein(
      [
        { toolCalls: [{ name: 'mcp__fault__crash', input: {} }] },
        { text: 'The fault server went away.' },
        { toolCalls: [{ name: 'mcp__fault__echo', input: { message: 'after the restart' } }] },
        { text: 'It answers again.' },
      ],
      ['--mcp-config', config, '--permission-mode', 'yolo'],
    );
    await p.waitFor((s) => statusLine(s).includes('MCP 1/1') && promptLine(s).includes('Type a message'), 20_000);
    await typeAndSend(p, 'Use the crash tool');
    const screen = await p.waitFor((s) => s.includes('The fault server went away.') && promptLine(s).includes('Type a message'), 20_000);
    expect(screen.match(/MCP server fault exited with code 1; restarting it/g)).toHaveLength(1);
    const toolResults = JSON.stringify((fx.server?.requests[1]?.body.messages as Array<{ role: string }>).filter((m) => m.role === 'tool'));
    expect(toolResults).toContain('MCP server fault exited with code 1; /mcp to reconnect.');
    // The server is restarted in the background and serves the next message.
    await p.waitFor((s) => statusLine(s).includes('MCP 1/1'), 20_000);
    await typeAndSend(p, 'Echo something');
    await p.waitFor('It answers again.', 20_000);
    expect(JSON.stringify(fx.server?.requests[3]?.body.messages)).toContain('echo: after the restart');
  });
});
