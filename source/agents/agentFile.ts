// Reads one custom agent file: YAML frontmatter (name, description, tools, model) over the system prompt.
import path from 'node:path';
import { parse as parseYaml } from 'yaml';
import { reinToolName } from '../permissions/toolNames.js';
import type { AgentDefinition } from './types.js';
import { splitFrontmatter } from '../extensions/frontmatter.js';

export type AgentFileResult = { ok: true; agent: AgentDefinition } | { ok: false; problem: string };

const namePattern = /^[a-z0-9][a-z0-9_-]{0,63}$/i;

/** `tools` as Claude Code writes it: "Read, Grep, Glob", or a YAML list. */
function toolList(value: unknown): string[] | string {
  const items = typeof value === 'string' ? value.split(',') : Array.isArray(value) ? value : undefined;
  if (!items || items.some((item) => typeof item !== 'string')) return 'tools must be a comma-separated list or a list of tool names';
  const names = (items as string[]).map((item) => item.trim()).filter(Boolean).map(reinToolName);
  return [...new Set(names)];
}

/** Parses `text` (the contents of `file`). Never throws: a problem comes back in plain words. */
export function parseAgentFile(text: string, file: string): AgentFileResult {
  const parts = splitFrontmatter(text);
  if (!parts) return { ok: false, problem: 'it has no frontmatter (a block between --- lines at the top)' };
  let fields: unknown;
  try {
    fields = parseYaml(parts.yaml);
  } catch (err) {
    const message = err instanceof Error ? err.message.split('\n')[0] : String(err);
    return { ok: false, problem: `its frontmatter is not valid YAML (${message.replace(/\.$/, '')})` };
  }
  if (fields === null || typeof fields !== 'object' || Array.isArray(fields)) return { ok: false, problem: 'its frontmatter is not a set of key: value lines' };
  const f = fields as Record<string, unknown>;
  const name = f.name ?? path.basename(file, path.extname(file));
  if (typeof name !== 'string' || !namePattern.test(name)) return { ok: false, problem: 'name must be letters, digits, - or _ (at most 64)' };
  if (typeof f.description !== 'string' || !f.description.trim()) return { ok: false, problem: 'description is missing' };
  if (f.model !== undefined && typeof f.model !== 'string') return { ok: false, problem: 'model must be a string' };
  let tools: string[] | undefined;
  if (f.tools !== undefined && f.tools !== null && f.tools !== '*') {
    const list = toolList(f.tools);
    if (typeof list === 'string') return { ok: false, problem: list };
    tools = list;
  }
  if (!parts.body) return { ok: false, problem: 'it has no system prompt (the text below the frontmatter)' };
  // Claude Code's `model: inherit` means the session's model.
  const model = typeof f.model === 'string' && f.model.trim() && f.model.trim() !== 'inherit' ? f.model.trim() : undefined;
  return {
    ok: true,
    agent: { name, description: f.description.replace(/\s+/g, ' ').trim(), tools, model, systemPrompt: parts.body, source: file },
  };
}
