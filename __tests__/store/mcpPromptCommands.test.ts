// MCP prompts as slash commands in the TUI's list: added as servers connect, run by sending the typed command to
// the engine (which fetches the prompt), and an mcp__ command typed before its server is up still goes through.
import { CommandList } from '../../source/commands/commandList.js';
import { describe, expect, it } from 'vitest';
import { mcpPromptCommands, syncMcpPromptCommands } from '../../source/commands/mcpPrompts.js';
import { slashCommands } from '../../source/commands/builtins.js';
import type { McpControl } from '../../source/engine/session/types.js';
import type { McpPromptCommand } from '../../source/mcp/types.js';
import { createBridge } from '../../source/store/bridge.js';
import type { SlashCommand } from '../../source/commands/slashCommand.js';
import { FakeSession } from '../support/fakeSession.js';

function sessionWithPrompts(): { session: FakeSession & { mcp: McpControl }; prompts: McpPromptCommand[] } {
  const prompts: McpPromptCommand[] = [];
  const mcp = {
    status: () => [], reconnect: async () => {}, setEnabled: async () => {},
    serverTools: () => [], listResources: async () => [], promptCommands: () => [...prompts],
  } satisfies McpControl;
  const session = Object.assign(new FakeSession(), { mcp });
  return { session, prompts };
}

const weather: McpPromptCommand = {
  command: 'mcp__everything__args-prompt', server: 'everything', prompt: 'args-prompt', description: 'Weather question',
  arguments: [{ name: 'city', required: true }, { name: 'state', required: false }],
};

describe('MCP prompt commands', () => {
  it('describe each prompt with its arguments', () => {
    const { session, prompts } = sessionWithPrompts();
    prompts.push(weather);
    expect(mcpPromptCommands(session.mcp).map((c) => [c.name, c.argsHint, c.description])).toEqual([
      ['mcp__everything__args-prompt', '<city> [state]', 'Weather question (MCP everything)'],
    ]);
    expect(mcpPromptCommands(undefined)).toEqual([]);
  });

  it('join the command list when a server reports in, and running one sends the command to the engine', async () => {
    const { session, prompts } = sessionWithPrompts();
    const commands = new CommandList(slashCommands);
    const stop = syncMcpPromptCommands(commands, { mcp: session.inspection.mcp, subscribe: session.runs.subscribe });
    const bridge = createBridge(session, { commands });
    expect(commands.all()).toHaveLength(slashCommands.length);
    prompts.push(weather);
    session.emit({ type: 'mcp_status', sessionId: 's1', servers: [] });
    expect(commands.all().map((c) => c.name).at(-1)).toBe('mcp__everything__args-prompt');
    expect(commands.all().slice(0, slashCommands.length)).toEqual(slashCommands);

    bridge.send('/mcp__everything__args-prompt Paris France');
    await bridge.idle();
    expect(session.prompts).toEqual(['/mcp__everything__args-prompt Paris France']);
    stop();
  });

  it('an mcp__ command not listed yet goes to the engine, which waits for the servers', async () => {
    const { session } = sessionWithPrompts();
    const bridge = createBridge(session, { commands: [...slashCommands] });
    bridge.send('/mcp__slow__prompt now');
    await bridge.idle();
    expect(session.prompts).toEqual(['/mcp__slow__prompt now']);
    // Without MCP servers it stays an unknown command.
    const plain = new FakeSession();
    const other = createBridge(plain, { commands: [...slashCommands] });
    other.send('/mcp__slow__prompt now');
    await other.idle();
    expect(plain.prompts).toEqual([]);
    expect(other.store.getState().transcript.at(-1)).toMatchObject({ text: 'Unknown command: /mcp__slow__prompt (type /help for the list)' });
  });
});
