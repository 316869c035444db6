// What describes a subagent type, built-in or read from a markdown file.
import type { HookCommand } from '../extensions/hookTypes.js';

export interface AgentDefinition {
  /** The `subagent_type` the model names. */
  name: string;
  /** One line on what the agent is for; listed in the task tool's description. */
  description: string;
  /** rein tool names the child gets; undefined = every tool of the session except `task`. */
  tools?: string[];
  /** rein tool names the child never gets (Claude Code's `disallowedTools`). */
  disallowedTools?: string[];
  /** Model for the child; undefined = the session's. */
  model?: string;
  /** The child's system prompt, built once per agent type. */
  systemPrompt: string;
  /** 'built-in', or the file the definition came from. */
  source: string;
  /** The file's `hooks:` (Stop as SubagentStop): they run while a child of this type runs. */
  hooks?: HookCommand[];
  /** Whose file it is: a project's hooks run only once the project is trusted. */
  scope?: 'user' | 'project';
}
