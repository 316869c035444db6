// What describes a subagent type, built-in or read from a markdown file.

export interface AgentDefinition {
  /** The `subagent_type` the model names. */
  name: string;
  /** One line on what the agent is for; listed in the task tool's description. */
  description: string;
  /** rein tool names the child gets; undefined = every tool of the session except `task`. */
  tools?: string[];
  /** Model for the child; undefined = the session's. */
  model?: string;
  /** The child's system prompt, built once per agent type. */
  systemPrompt: string;
  /** 'built-in', or the file the definition came from. */
  source: string;
}
