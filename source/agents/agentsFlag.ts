// --agents '<json>': subagents given on the command line in Claude Code's shape, {"name": {"description", "prompt", …}}.
import { reinToolName } from '../permissions/toolNames.js';
import type { AgentDefinition } from './types.js';

/** Fields of Claude Code's agent definitions that rein reads; the others are named in one warning. */
const understood = new Set(['description', 'prompt', 'tools', 'disallowedTools', 'model']);

export type FlagAgents = { ok: true; agents: AgentDefinition[]; warnings: string[] } | { ok: false; problem: string };

const stringList = (value: unknown): string[] | undefined =>
  Array.isArray(value) && value.every((item) => typeof item === 'string') ? value : undefined;

/**
 * Parses the flag's JSON. `toolNames` are the session's built-in tools: `disallowedTools` takes names away from them
 * (or from `tools`). Never throws: a problem is one sentence naming the agent and the field.
 */
export function parseAgentsFlag(json: string, toolNames: readonly string[]): FlagAgents {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch (error) {
    return { ok: false, problem: `--agents is not valid JSON (${(error as Error).message}); give {"name": {"description": "…", "prompt": "…"}}.` };
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return { ok: false, problem: '--agents must be a JSON object of agents by name: {"name": {"description": "…", "prompt": "…"}}.' };
  const agents: AgentDefinition[] = [];
  const ignored = new Set<string>();
  for (const [name, raw] of Object.entries(value)) {
    const where = `--agents: agent "${name}"`;
    if (!/^[A-Za-z0-9][\w.-]{0,63}$/.test(name)) return { ok: false, problem: `${where} needs a name of letters, digits, ., - or _ (at most 64).` };
    if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) return { ok: false, problem: `${where} must be an object with "description" and "prompt".` };
    const a = raw as Record<string, unknown>;
    if (typeof a.description !== 'string' || !a.description.trim()) return { ok: false, problem: `${where} needs a "description" (what it is for).` };
    if (typeof a.prompt !== 'string' || !a.prompt.trim()) return { ok: false, problem: `${where} needs a "prompt" (its system prompt).` };
    if (a.model !== undefined && typeof a.model !== 'string') return { ok: false, problem: `${where}: "model" must be a string.` };
    const tools = a.tools === undefined ? undefined : stringList(a.tools);
    const disallowed = a.disallowedTools === undefined ? undefined : stringList(a.disallowedTools);
    if ((a.tools !== undefined && !tools) || (a.disallowedTools !== undefined && !disallowed)) return { ok: false, problem: `${where}: "tools" and "disallowedTools" must be lists of tool names.` };
    for (const key of Object.keys(a)) if (!understood.has(key)) ignored.add(key);
    const removed = new Set((disallowed ?? []).map(reinToolName));
    const given = tools && !tools.includes('*') ? [...new Set(tools.map(reinToolName))] : undefined;
    const model = typeof a.model === 'string' && a.model.trim() && a.model.trim().toLowerCase() !== 'inherit' ? a.model.trim() : undefined;
    agents.push({
      name,
      description: a.description.replace(/\s+/g, ' ').trim(),
      tools: removed.size > 0 ? (given ?? [...toolNames]).filter((tool) => !removed.has(tool)) : given,
      model,
      systemPrompt: a.prompt,
      source: '--agents',
    });
  }
  const warnings = ignored.size > 0 ? [`--agents: rein does not use ${[...ignored].sort().join(', ')} in agent definitions; those fields were ignored.`] : [];
  return { ok: true, agents, warnings };
}

/** The session's agents with the flag's added; a flag agent replaces a file's of the same name, as in Claude Code (measured). */
export function withFlagAgents(files: AgentDefinition[], flag: AgentDefinition[]): AgentDefinition[] {
  const names = new Set(flag.map((agent) => agent.name));
  return [...files.filter((agent) => !names.has(agent.name)), ...flag];
}
