// What a session does for the flags of `claude -p` beyond rein's own: who answers what would ask, the spend cap,
// the structured-output tool and gate, and fallback models; the session and its subagents take them from here.
import type { Usage } from '../../protocol/messages.js';
import type { ToolRegistry } from '../../tools/runner.js';
import { structuredOutputTool } from '../../tools/structuredOutput.js';
import type { AnyTool, ToolContext } from '../../tools/types.js';
import { dontAskFallback, type AskFallback } from '../askFallback.js';
import { permissionPromptFallback } from '../permissionPrompt.js';
import { StructuredOutputGate } from '../structuredOutput.js';

/** Counts what every model call costs and says when the cap is passed (prices live above the engine). */
export interface SpendMeter {
  add(usage: Usage, model: string): void;
  /** The sentence that ends a run once the spend has passed the cap; undefined below it. */
  exceeded(): string | undefined;
}

export interface CompatOptions {
  /** --permission-mode dontAsk: whatever would ask is denied. */
  dontAsk?: boolean;
  /** --permission-prompt-tool: the MCP tool that answers what would ask (wins over dontAsk). */
  permissionPromptTool?: string;
  /** The SDK's canUseTool: the embedding program answers what would ask (wins over both). */
  canUseTool?: AskFallback;
  /** --json-schema: the run's answer is an object valid against this schema. */
  jsonSchema?: Record<string, unknown>;
  /** --fallback-model. */
  fallbackModels?: string[];
  /** --max-budget-usd. */
  budget?: SpendMeter;
}

export interface SessionCompat {
  /** Tools the session adds: StructuredOutput with --json-schema. */
  tools: AnyTool[];
  askFallback?: AskFallback;
  overBudget?: () => string | undefined;
  /** Counts one model call's spend (the session's own and its subagents'). */
  spent(usage: Usage, model: string): void;
  /** Options for one run of the session's own loop: a fresh structured-output gate each run. */
  forRun(): { askFallback?: AskFallback; overBudget?: () => string | undefined; fallbackModels?: string[]; structuredOutput?: StructuredOutputGate };
}

export function sessionCompat(o: CompatOptions, tools: { registry: () => ToolRegistry; whenReady?: () => Promise<void>; context: Omit<ToolContext, 'signal' | 'toolCallId' | 'onProgress'> }): SessionCompat {
  let gate: StructuredOutputGate | undefined;
  const askFallback = o.canUseTool ?? (o.permissionPromptTool
    ? permissionPromptFallback({ toolName: o.permissionPromptTool, ...tools })
    : o.dontAsk ? dontAskFallback : undefined);
  const budget = o.budget;
  const overBudget = budget ? () => budget.exceeded() : undefined;
  return {
    tools: o.jsonSchema ? [structuredOutputTool(o.jsonSchema, (id, value) => gate?.accept(id, value))] : [],
    askFallback,
    overBudget,
    spent: (usage, model) => budget?.add(usage, model),
    forRun() {
      gate = o.jsonSchema ? new StructuredOutputGate() : undefined;
      return {
        ...(askFallback ? { askFallback } : {}),
        ...(overBudget ? { overBudget } : {}),
        ...(o.fallbackModels?.length ? { fallbackModels: o.fallbackModels } : {}),
        ...(gate ? { structuredOutput: gate } : {}),
      };
    },
  };
}
