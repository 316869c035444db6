// Which model a subagent runs on: its file's own, Claude Code's aliases (sonnet, opus, haiku), or the session's.

/** Claude Code's model aliases in agent files, as the current Anthropic models they name. */
const anthropicAliases: Readonly<Record<string, string>> = {
  sonnet: 'claude-sonnet-5-5',
  opus: 'claude-opus-5-5',
  haiku: 'claude-haiku-5-5',
};

/**
 * An alias means an Anthropic model; on another provider it cannot be served, so the child uses the session's model
 * (an agent file written for Claude Code then still works against, say, a local server).
 */
export function agentModel(requested: string | undefined, providerName: string | undefined, sessionModel: string): string {
  if (!requested) return sessionModel;
  const alias = anthropicAliases[requested.toLowerCase()];
  if (!alias) return requested;
  return providerName === 'anthropic' ? alias : sessionModel;
}
