// The closing result of a headless run (`--output-format json`, the last line of stream-json and rein-events) and of
// an SDK run: Claude Code's fields and meanings, with rein's own beside them.
import type { RunEndReason } from './events.js';
import type { StopReason, Usage } from './messages.js';

/** Claude Code's name for how a run ended; `success` also covers a failed model call (then `is_error` is true). */
export type ResultSubtype = 'success' | 'error_max_turns' | 'error_max_budget_usd' | 'error_max_structured_output_retries' | 'error_during_execution';

/** One model's tokens and cost in a run (Claude Code's `modelUsage` entry). */
export interface ModelUsage {
  /** Uncached prompt tokens. */
  inputTokens: number;
  outputTokens: number;
  cacheReadInputTokens: number;
  cacheCreationInputTokens: number;
  webSearchRequests: number;
  /** null when the model's price is unknown. */
  costUSD: number | null;
  contextWindow: number;
  maxOutputTokens: number;
}

/** A tool call a permission decision refused, in Claude Code's tool names and argument names. */
export interface PermissionDenial {
  tool_name: string;
  tool_use_id: string;
  tool_input: Record<string, unknown>;
}

/** Claude Code's usage fields, then rein's own camelCase counts (every prompt token in `inputTokens`). */
export type ResultUsage = Usage & {
  input_tokens: number;
  cache_creation_input_tokens: number;
  cache_read_input_tokens: number;
  output_tokens: number;
  server_tool_use: { web_search_requests: number; web_fetch_requests: number };
  service_tier: string;
};

export interface RunResult {
  type: 'result';
  subtype: ResultSubtype;
  is_error: boolean;
  /** Only with `success`: the HTTP status of a failed model call, else null. */
  api_error_status?: number | null;
  duration_ms: number;
  duration_api_ms: number;
  /** Claude Code's count: the prompt, then one for every tool result sent back to the model. */
  num_turns: number;
  /** Only with `success`: the answer (or the structured output as JSON, or the model call's error). */
  result?: string;
  /** The model's own reason its last message ended. */
  stop_reason: StopReason | null;
  session_id: string;
  /** null when a model's price is unknown. */
  total_cost_usd: number | null;
  usage: ResultUsage;
  modelUsage: Record<string, ModelUsage>;
  permission_denials: PermissionDenial[];
  /** --json-schema: the object the model gave. */
  structured_output?: unknown;
  /** Claude Code's terminal_reason (completed, max_turns, aborted_tools…), when it has a name for the outcome. */
  terminal_reason?: string;
  /** What went wrong, when the subtype is not success. */
  errors?: string[];
  uuid: string;
  /** How the run ended, in rein's words (its run_end reason). */
  reason: RunEndReason;
  /** Model calls the run made. */
  turns: number;
  error?: string;
  /** The run's id (rein-events and the SDK carry it). */
  runId?: string;
}
