// The lean request prefix for a small window (a 2k-16k local model): a short system prompt and a few core tools with
// one-sentence descriptions, so rein's own overhead leaves the window to the conversation.
import type { ToolSchema } from '../providers/types.js';
import { formatInt } from '../util/format.js';

/** Below this window rein sends the lean prefix. */
export const leanWindowTokens = 16_000;

/** The tools a small model gets: enough to read, search, change and run. */
const coreTools = ['read_file', 'edit_file', 'write_file', 'bash', 'glob', 'grep'];

const leanIdentity = `You are rein, a coding agent in the user's terminal. Be brief. Read files before you change them (read_file, grep, glob); change them with edit_file, or write_file for new files; run commands with bash. Never guess file contents or results.`;

/** The first sentence of a description, at most 160 characters. */
function firstSentence(text: string): string {
  const sentence = /^[\s\S]*?[.!?](?=\s|$)/.exec(text.trim())?.[0] ?? text.trim();
  return sentence.length <= 160 ? sentence : `${sentence.slice(0, 157)}...`;
}

/** A schema without its descriptions and examples: the property names and types say enough to a model. */
function bareSchema(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(bareSchema);
  if (typeof schema !== 'object' || schema === null) return schema;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema as Record<string, unknown>)) {
    if (key === 'description' || key === 'examples' || key === 'default' || key === '$schema') continue;
    out[key] = key === 'properties' && typeof value === 'object' && value !== null
      ? Object.fromEntries(Object.entries(value).map(([name, prop]) => [name, bareSchema(prop)]))
      : bareSchema(value);
  }
  return out;
}

/**
 * The system prompt with its identity and working rules replaced by a few lines, and without the sections a small
 * model can do without (memory, skills, context rules); permissions, environment and the project's instructions stay.
 */
function leanSystem(system: string): string {
  const sections = system.split(/\n\n(?=# )/);
  const kept = sections.filter((s) => /^# (Permissions|Environment|Project instructions)\b/.test(s));
  // A system prompt the user replaced (--system-prompt) has no such sections: it is theirs, and stays whole.
  if (kept.length === 0) return system;
  return [leanIdentity, ...kept].join('\n\n');
}

export interface Prefix {
  system: string;
  tools: ToolSchema[];
}

/** The prefix to send under `window`: the lean one below leanWindowTokens, else the one given. */
export function prefixFor(system: string, tools: readonly ToolSchema[], window: number): Prefix {
  if (window >= leanWindowTokens) return { system, tools: [...tools] };
  const core = tools.filter((t) => coreTools.includes(t.name));
  return {
    system: leanSystem(system),
    tools: core.map((t) => ({ name: t.name, description: firstSentence(t.description), inputSchema: bareSchema(t.inputSchema) as Record<string, unknown> })),
  };
}

export const leanNotice = (window: number): string =>
  `The model's window is ${formatInt(window)} tokens, below ${formatInt(leanWindowTokens)}: rein sends a lean prompt (a short system prompt and only ${coreTools.join(', ')}).`;
