// The closing `result` object of `--output-format json` and `stream-json`, with Claude Code's fields and meanings.
import { randomUUID } from 'node:crypto';
import { claudeToolName, toClaudeInput } from '../extensions/hookToolNames.js';
import type { RunEndReason } from '../protocol/events.js';
import type { Usage } from '../protocol/messages.js';
import type { ResultSubtype, RunResult } from '../protocol/result.js';
import { costByModel, costOf } from '../providers/prices.js';
import type { RunFacts } from './runFacts.js';

export interface ResultContext {
  sessionId: string;
  cwd: string;
  /** A model's window and output limit, for modelUsage. */
  modelFacts: (model: string) => { contextWindow: number; maxOutputTokens: number };
}

type Shape = { subtype: ResultSubtype; terminal?: string; isError: boolean };

/**
 * rein's outcome as Claude Code's `subtype` and `terminal_reason` (whose values are Claude Code's own; an outcome it
 * has no name for leaves terminal_reason out). A failed model call is `success` with `is_error`, as measured.
 */
function shapeOf(reason: RunEndReason | undefined, facts: RunFacts): Shape {
  switch (reason) {
    case 'done': return { subtype: 'success', terminal: 'completed', isError: false };
    case 'max_turns': return { subtype: 'error_max_turns', terminal: 'max_turns', isError: true };
    case 'budget': return { subtype: 'error_max_budget_usd', isError: true };
    case 'structured_output_retries': return { subtype: 'error_max_structured_output_retries', isError: true };
    case 'error': return facts.modelFailed ? { subtype: 'success', terminal: 'model_error', isError: true } : { subtype: 'error_during_execution', isError: true };
    case 'aborted': return { subtype: 'error_during_execution', terminal: facts.inTools ? 'aborted_tools' : 'aborted_streaming', isError: true };
    case 'context_full': return { subtype: 'error_during_execution', terminal: 'prompt_too_long', isError: true };
    case 'blocked': return { subtype: 'error_during_execution', terminal: 'hook_stopped', isError: true };
    default: return { subtype: 'error_during_execution', isError: true };
  }
}

/** Claude Code counts uncached prompt tokens as input; rein's inputTokens counts every prompt token. */
const uncached = (usage: Usage) => Math.max(0, usage.inputTokens - usage.cacheReadTokens - usage.cacheWriteTokens);

/** What went wrong, in one sentence, for `errors` and text output. */
export function errorText(facts: RunFacts): string | undefined {
  const end = facts.end;
  if (!end) return facts.errors.at(-1) ?? 'The run ended without an answer.';
  if (end.reason === 'max_turns') return `Reached maximum number of turns (${end.turns})`;
  return end.error ?? (end.reason === 'aborted' ? 'The run was interrupted.' : facts.errors.at(-1));
}

export function isFailure(facts: RunFacts): boolean {
  return !facts.end || facts.end.reason !== 'done';
}

/**
 * One run's result. Beside Claude Code's fields it keeps rein's: `reason` (how the run ended in rein's words),
 * `turns` (model calls), `error`, and usage's camelCase token counts.
 */
export function resultObject(facts: RunFacts, ctx: ResultContext): RunResult {
  const end = facts.end;
  const shape = shapeOf(end?.reason, facts);
  const usage = facts.totalUsage();
  const cost = costByModel(facts.usageByModel);
  const modelUsage = Object.fromEntries(Object.entries(facts.usageByModel).map(([model, u]) => {
    const modelCost = costOf(u, model);
    return [model, {
      inputTokens: uncached(u), outputTokens: u.outputTokens, cacheReadInputTokens: u.cacheReadTokens, cacheCreationInputTokens: u.cacheWriteTokens,
      webSearchRequests: 0, costUSD: modelCost === undefined ? null : modelCost, ...ctx.modelFacts(model),
    }];
  }));
  const structured = end?.structuredOutput;
  const success = shape.subtype === 'success';
  const failure = success ? facts.modelFailed && end?.reason === 'error' ? errorText(facts) : undefined : errorText(facts);
  return {
    type: 'result',
    subtype: shape.subtype,
    is_error: shape.isError,
    ...(success ? { api_error_status: shape.isError ? (facts.apiErrorStatus ?? null) : null } : {}),
    duration_ms: Date.now() - facts.started,
    duration_api_ms: facts.apiMs,
    // Claude Code's count: the prompt, then one for every tool result sent back to the model (measured).
    num_turns: 1 + facts.toolResults,
    ...(success ? { result: structured !== undefined ? JSON.stringify(structured) : shape.isError ? (failure ?? '') : (end?.text ?? '') } : {}),
    stop_reason: facts.stopReason ?? null,
    session_id: ctx.sessionId,
    // null when a model's price is unknown: a made-up figure would be worse than none.
    total_cost_usd: cost === undefined ? null : Number(cost.toFixed(6)),
    usage: {
      input_tokens: uncached(usage),
      cache_creation_input_tokens: usage.cacheWriteTokens,
      cache_read_input_tokens: usage.cacheReadTokens,
      output_tokens: usage.outputTokens,
      server_tool_use: { web_search_requests: 0, web_fetch_requests: 0 },
      service_tier: 'standard',
      ...usage,
    },
    modelUsage,
    permission_denials: facts.denials.map((d) => ({ tool_name: claudeToolName(d.name), tool_use_id: d.toolCallId, tool_input: toClaudeInput(d.name, d.input, ctx.cwd) })),
    ...(structured !== undefined ? { structured_output: structured } : {}),
    ...(shape.terminal ? { terminal_reason: shape.terminal } : {}),
    ...(success ? {} : { errors: [failure ?? 'The run failed.'] }),
    uuid: randomUUID(),
    reason: end?.reason ?? 'error',
    turns: end?.turns ?? 0,
    ...(failure !== undefined ? { error: failure } : {}),
  };
}
