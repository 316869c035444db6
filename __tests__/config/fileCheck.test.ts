// The one validator for files a user writes: a malformed hook, MCP server entry and agent file each get one sentence
// naming the file, the path inside it and the problem.
import { describe, expect, it } from 'vitest';
import { checkFile, issuePath } from '../../source/config/fileCheck.js';
import { loadHooks } from '../../source/extensions/hookConfig.js';
import { parseServerSources, describeProblem } from '../../source/mcp/config.js';
import { parseAgentFile } from '../../source/agents/agentFile.js';
import { hookHandlerSchema } from '../../source/extensions/hookSchema.js';

describe('one validator for user files', () => {
  it('writes a JSON pointer as a reader writes a path', () => {
    expect(issuePath('hooks', '/PreToolUse/0/hooks/1/type')).toBe('hooks.PreToolUse[0].hooks[1].type');
    expect(issuePath('', '/mcpServers/my server/args/0')).toBe('mcpServers["my server"].args[0]');
    expect(issuePath('', '/a~1b/c~0d')).toBe('["a/b"]["c~d"]');
  });

  it('a hook handler of an unknown type', () => {
    const loaded = loadHooks([{ file: '~/.rein/settings.json', scope: 'user', hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'webhook', command: 'x' }] }] } }]);
    expect(loaded.hooks).toEqual([]);
    expect(loaded.problems).toEqual([
      '~/.rein/settings.json: hooks.PreToolUse[0].hooks[0].type must be one of command, http, prompt, mcp_tool, agent (got "webhook"); it was not loaded.',
    ]);
  });

  it('a hook handler with several problems gets a sentence for each', () => {
    expect(checkFile(hookHandlerSchema, { type: 'command', command: '  ', timeout: 'soon' }, 'a.json', 'hooks.Stop[0].hooks[0]')).toEqual([
      'a.json: hooks.Stop[0].hooks[0].command must be a command to run (got "  ").',
      'a.json: hooks.Stop[0].hooks[0].timeout must be a number (got "soon").',
    ]);
  });

  it('an MCP server whose args are not a list', () => {
    const parsed = parseServerSources([{ file: '/p/.mcp.json', scope: 'project', servers: { db: { command: 'node', args: 'server.js' }, ok: { command: 'node' } }, at: '/mcpServers' }], {});
    expect(parsed.servers.map((s) => s.name)).toEqual(['ok']);
    expect(parsed.problems.map(describeProblem)).toEqual(['/p/.mcp.json: mcpServers.db.args must be a list (got "server.js"); server db is left out.']);
  });

  it('an agent file whose name starts with a dash and whose model is a number', () => {
    const parsed = parseAgentFile('---\nname: -x\ndescription: reviews\nmodel: 4\n---\nYou review.\n', '/p/.claude/agents/x.md');
    expect(parsed).toEqual({ ok: false, problems: [
      '/p/.claude/agents/x.md: name must be one line that does not start with - (got "-x"); the agent file was skipped.',
      '/p/.claude/agents/x.md: model must be a string or null (got 4); the agent file was skipped.',
    ] });
  });

  it('valid files load as before', () => {
    const loaded = loadHooks([{ file: 'a.json', scope: 'user', hooks: { Stop: [{ hooks: [{ command: 'echo hi', timeout: 5 }, { type: 'http', url: 'http://127.0.0.1:1/h' }] }] } }]);
    expect(loaded.problems).toEqual([]);
    expect(loaded.hooks.map((h) => [h.type, h.command, h.timeoutMs])).toEqual([['command', 'echo hi', 5000], ['http', 'POST http://127.0.0.1:1/h', 600_000]]);
    const parsed = parseAgentFile('---\nname: 7\ndescription: counts\n---\nCount.\n', 'a.md');
    expect(parsed.ok && parsed.agent.name).toBe('7');
  });
});
