// What one run of the agent loop is given: the conversation, the model and its limits, the tools and their hooks.
import type { Provider, ToolSchema } from '../providers/types.js';
import type { Usage } from '../protocol/messages.js';
import type { PermissionMode } from '../protocol/events.js';
import type { LoopHooks } from '../extensions/hookTypes.js';
import type { ToolRegistry } from '../tools/runner.js';
import type { ContextManager } from './contextManager.js';
import type { Conversation } from './history.js';
import type { StructuredOutputGate } from './structuredOutput.js';
import type { ToolEnvironment } from './toolRound.js';

export interface LoopOptions extends ToolEnvironment {
  runId: string;
  /** The user's message; unset when the run continues the conversation as it stands (after the turn limit). */
  prompt?: string;
  /** Text added to the user's message after what they typed (attached files). */
  attached?: string[];
  provider: Provider;
  /** Built once per session so the request prefix stays byte-stable. */
  system: string;
  tools: ToolSchema[];
  /** The session's conversation, appended to as the run goes. */
  history: Conversation;
  model: string;
  maxTokens: number;
  temperature?: number;
  /** 0 = unlimited. */
  maxTurns: number;
  /** The session asks the user whether to go on at the limit (its continueRun), so the loop adds no warning. */
  askAtTurnLimit?: boolean;
  /** Measures the context and compacts it before requests. */
  context: ContextManager;
  mode: () => PermissionMode;
  /** Messages the user typed while the run goes on (steering), taken at each turn boundary; each is handed over once. */
  steering?: () => string[];
  /** Dynamic material for the newest user turn, collected right before each request. */
  reminders: () => string[];
  /** Called with every finished model call's usage and the model that made it (the session keeps the totals). */
  onUsage: (usage: Usage, model: string) => Usage;
  /** A model request's bytes are out. */
  onRequestWritten?: () => void;
  /** The spend cap: the sentence to end the run with once the session's spend has passed it. */
  overBudget?: () => string | undefined;
  /** --json-schema: ends the run once the model has given its structured output, or kept failing to. */
  structuredOutput?: StructuredOutputGate;
  /** Models tried in turn, for the rest of this run, when the model is overloaded or unavailable. */
  fallbackModels?: string[];
  /** User-configured PreToolUse, PostToolUse and Stop (or SubagentStop) hooks. */
  hooks?: LoopHooks;
  /** Executed tool calls failing in a row that stop the run (default 8; 0 = no limit). */
  maxConsecutiveToolErrors?: number;
  /** Asked before each request: a new tool set when it changed (an MCP server came up), else undefined. */
  refreshTools?: () => { tools: ToolSchema[]; registry: ToolRegistry } | undefined;
}
