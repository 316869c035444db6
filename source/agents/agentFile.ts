// Reads one custom agent file as Claude Code does: frontmatter (name, description, tools, model, hooks) over the system prompt.
import { reinToolName } from '../permissions/toolNames.js';
import type { AgentDefinition } from './types.js';
import { agentFrontmatterSchema } from './agentSchema.js';
import { checkData, issueSentence } from '../config/fileCheck.js';
import { readFrontmatter, splitFrontmatter } from '../extensions/frontmatter.js';
import { frontmatterHooks } from '../extensions/commandFile.js';

export type AgentFileResult =
  | { ok: true; agent: AgentDefinition; warnings: string[] }
  /** A file that was skipped: one sentence per problem, each naming the file. */
  | { ok: false; problems: string[] }
  /** Not an agent file at all (a README beside the agents), skipped without a warning, as Claude Code skips it. */
  | { ok: false; notAgent: string };

export interface AgentFileOptions {
  /** Project files' hooks run only once the project is trusted. */
  scope: 'user' | 'project';
  /** The tools the session can have, by rein's names; a listed tool outside them (and not an MCP tool) is named in a warning. */
  knownTools?: ReadonlySet<string>;
}

const skipped = 'the agent file was skipped';

/** `tools` as Claude Code writes it: "Read, Grep, Glob", or a YAML list; `*` (or no list) means every tool. */
function toolList(value: unknown): string[] | undefined | 'invalid' {
  if (value === undefined || value === null) return undefined;
  const items = typeof value === 'string' ? value.split(',') : Array.isArray(value) ? value : undefined;
  if (!items || items.some((item) => typeof item !== 'string')) return 'invalid';
  const names = (items as string[]).map((item) => item.trim()).filter(Boolean);
  if (names.includes('*')) return undefined;
  return [...new Set(names)];
}

/** Parses `text` (the contents of `file`). Never throws: a problem comes back in plain words. */
export function parseAgentFile(text: string, file: string, options: AgentFileOptions = { scope: 'project' }): AgentFileResult {
  if (!splitFrontmatter(text)) return { ok: false, notAgent: 'it has no frontmatter (a block between --- lines at the top), so it is not an agent file' };
  const read = readFrontmatter(text);
  if (read.unread) return { ok: false, problems: [issueSentence(file, { path: '', problem: read.unread }, skipped)] };
  const f = read.fields;
  const issues = checkData(agentFrontmatterSchema, f);
  if (issues.length > 0 || typeof f.description !== 'string') return { ok: false, problems: issues.map((issue) => issueSentence(file, issue, skipped)) };
  const name = String(f.name).trim();
  const warnings: string[] = [];
  const listed = toolList(f.tools);
  // Claude Code gives an agent with an unreadable tools value no tools at all; rein does the same, and says so.
  const claudeNames = listed === 'invalid' ? [] : listed;
  if (listed === 'invalid') warnings.push(`Agent ${name} (${file}) runs with no tools: tools must be a comma-separated list or a list of tool names.`);
  const known = (tool: string): boolean => !options.knownTools || options.knownTools.has(tool) || tool.startsWith('mcp__');
  const tools = claudeNames ? [...new Set(claudeNames.map(reinToolName).filter(known))] : undefined;
  const missing = (claudeNames ?? []).filter((n) => !known(reinToolName(n)));
  if (missing.length > 0) {
    const has = tools && tools.length > 0 ? `it runs with ${tools.join(', ')}` : 'it runs with no tools';
    warnings.push(`Agent ${name} (${file}) names tools rein does not have: ${missing.join(', ')}; ${has}.`);
  }
  const disallowed = toolList(f.disallowedTools ?? f['disallowed-tools']);
  const hooks = frontmatterHooks(f.hooks, file, options.scope, true);
  warnings.push(...hooks.warnings);
  // Claude Code's `model: inherit` means the session's model.
  const model = typeof f.model === 'string' && f.model.trim() && f.model.trim().toLowerCase() !== 'inherit' ? f.model.trim() : undefined;
  // Claude Code's agent generator writes newlines in descriptions as the two characters \n.
  const description = f.description.replaceAll('\\n', '\n').replace(/\s+/g, ' ').trim();
  return {
    ok: true,
    agent: {
      name, description, tools, model, systemPrompt: read.body, source: file,
      disallowedTools: Array.isArray(disallowed) ? disallowed.map(reinToolName) : undefined,
      hooks: hooks.hooks.length > 0 ? hooks.hooks : undefined,
      scope: options.scope,
    },
    warnings,
  };
}
