// Which model a subagent or command runs on: its file's own, Claude Code's aliases (sonnet, opus, haiku), or the session's.

/** Claude Code's model aliases in agent files, as the current Anthropic models they name. */
const anthropicAliases: Readonly<Record<string, string>> = {
  sonnet: 'claude-sonnet-5-5',
  opus: 'claude-opus-5-5',
  haiku: 'claude-haiku-5-5',
};

/** A model only Anthropic serves: an alias, or a `claude-…` name. */
const isClaudeModel = (name: string): boolean => anthropicAliases[name.toLowerCase()] !== undefined || /^claude-/i.test(name);

/**
 * An alias means an Anthropic model; on another provider a Claude model cannot be served, so the session's model is
 * used (an agent or command file written for Claude Code then still works against, say, a local server), and
 * `note` says so in one sentence.
 */
export function resolveModel(requested: string | undefined, providerName: string | undefined, sessionModel: string): { model: string; note?: string } {
  if (!requested) return { model: sessionModel };
  const alias = anthropicAliases[requested.toLowerCase()];
  if (providerName === 'anthropic') return { model: alias ?? requested };
  if (!isClaudeModel(requested)) return { model: requested };
  if (providerName === undefined) return { model: alias ? sessionModel : requested };
  return { model: sessionModel, note: `The model "${requested}" named in the file is Anthropic's; ${providerName} cannot serve it, so ${sessionModel} (the session's model) is used.` };
}

