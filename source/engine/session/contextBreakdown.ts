// /context's figures: the next request's estimated size (the status line's figure) split into its parts.
import type { SessionCore } from './core.js';
import type { ContextBreakdown } from './types.js';

export function contextBreakdown(core: SessionCore): ContextBreakdown {
  // Between runs, MCP tools of servers that came up since join now, as the next run's first step would do anyway.
  if (!core.gate.running) core.refreshTools();
  const { system, toolSchemas: tools, context } = core;
  const counter = context.counter;
  const sections = core.systemSections;
  const count = (text: string | undefined) => (text ? counter.count(text) : 0);
  const memory = count(sections.instructions) + count(sections.memory);
  const skills = count(sections.skills);
  const systemTokens = counter.count(system);
  const builtin = counter.countTools(tools.filter((tool) => core.tools.isBuiltin(tool.name)));
  const mcp = counter.countTools(tools.filter((tool) => !core.tools.isBuiltin(tool.name)));
  const prefix = systemTokens + builtin + mcp;
  // The same estimate the status line shows (anchored on the provider's last report when there is one): what it
  // holds beyond the prefix is the conversation.
  const total = context.estimate(system, tools, core.history.messages);
  const messages = Math.max(0, total - prefix);
  const used = prefix + messages;
  const { anchored, compactRatio } = context.measure;
  return {
    window: context.window,
    parts: [
      { key: 'system', label: 'System prompt', tokens: Math.max(0, systemTokens - memory - skills) },
      { key: 'tools', label: 'Built-in tools', tokens: builtin },
      { key: 'mcp', label: 'MCP tools', tokens: mcp },
      { key: 'memory', label: 'Memory and instructions', tokens: memory },
      { key: 'skills', label: 'Skills', tokens: skills },
      { key: 'messages', label: 'Messages', tokens: messages },
    ],
    used,
    free: Math.max(0, context.window - used),
    reported: anchored,
    compactAt: Math.floor(context.window * compactRatio),
  };
}
