// MCP rules name a server, not the start of a string: `mcp__github__*` never reaches a server called `github_`.
import { describe, expect, it } from 'vitest';
import { assignToolNames } from '../../source/protocol/mcpToolNames.js';
import type { AnyTool } from '../../source/tools/types.js';
import { policyFor, useFixture } from './bashFixture.js';

const fx = useFixture();
const tool = (name: string) => ({ name, readOnly: false }) as unknown as AnyTool;
// The names the MCP manager hands out for these servers and tools.
const names = assignToolNames([
  { server: 'github', tool: 'list_issues' }, { server: 'github_', tool: 'list_issues' }, { server: 'github__evil', tool: 'run' },
  { server: 'github', tool: 'x' }, { server: 'git', tool: 'hub__list' }, { server: 'github.com', tool: 'x' },
]);
const nameOf = (server: string, t: string) => names.get(`${server}\0${t}`) as string;

describe('MCP rules match the parsed server', () => {
  const cases: [string, string, string, 'allow' | 'ask' | 'deny'][] = [
    ['mcp__github__*', 'github', 'list_issues', 'allow'],
    ['mcp__github__*', 'github_', 'list_issues', 'ask'],
    ['mcp__github__*', 'github__evil', 'run', 'ask'],
    ['mcp__github', 'github_', 'list_issues', 'ask'],
    ['mcp__github', 'github__evil', 'run', 'ask'],
    ['mcp__github', 'github', 'x', 'allow'],
    ['mcp__github__x', 'github', 'x', 'allow'],
    ['mcp__github__x', 'github', 'list_issues', 'ask'],
    ['mcp__git__*', 'git', 'hub__list', 'allow'],
    ['mcp__git__*', 'github', 'x', 'ask'],
    ['mcp__github_com__*', 'github.com', 'x', 'allow'],
  ];
  it.each(cases)('allow %s on server %s tool %s: %s', async (rule, server, t, expected) => {
    const policy = policyFor(fx, { allow: [rule] });
    expect((await policy.judge(tool(nameOf(server, t)), {}, 'ask', fx.ws)).kind).toBe(expected);
  });

  it.each([
    ['mcp__github__*', 'github_', 'list_issues'],
    ['mcp__github', 'github__evil', 'run'],
  ])('deny %s leaves server %s alone', async (rule, server, t) => {
    const policy = policyFor(fx, { deny: [rule] });
    expect((await policy.judge(tool(nameOf(server, t)), {}, 'yolo', fx.ws)).kind).toBe('allow');
  });

  it('deny on a server reaches every tool of it', async () => {
    const policy = policyFor(fx, { deny: ['mcp__github'] });
    expect((await policy.judge(tool(nameOf('github', 'list_issues')), {}, 'yolo', fx.ws)).kind).toBe('deny');
  });
});
