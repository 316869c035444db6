// The flags scripts written for `claude -p` pass, checked after parsing: each problem is one sentence naming the flag.
import { isUuid } from '../protocol/ids.js';
import { UsageError } from './usageError.js';

type ParsedValues = Record<string, string | boolean | string[] | undefined>;
const text = (value: ParsedValues[string]) => (typeof value === 'string' ? value : undefined);

/** The flags scripts written for `claude -p` pass, checked: each problem is one sentence naming the flag. */
export function compatFlags(v: ParsedValues, headless: boolean) {
  const headlessOnly = ['json-schema', 'fallback-model', 'no-session-persistence', 'permission-prompt-tool', 'include-partial-messages'];
  const misplaced = headlessOnly.find((flag) => v[flag] !== undefined);
  if (!headless && misplaced) throw new UsageError(`--${misplaced} works with -p (headless runs) only.`);
  const sessionId = text(v['session-id']);
  if (sessionId !== undefined && !isUuid(sessionId)) throw new UsageError(`--session-id must be a UUID such as 0190f6a2-3b4c-7d5e-8f60-123456789abc (got "${sessionId}").`);
  if (sessionId !== undefined && (v.continue || v.resume !== undefined) && !v['fork-session']) {
    throw new UsageError('--session-id names a new session: with --continue or --resume, add --fork-session to continue under that id.');
  }
  let jsonSchema: Record<string, unknown> | undefined;
  const schemaText = text(v['json-schema']);
  if (schemaText !== undefined) {
    try {
      jsonSchema = JSON.parse(schemaText) as Record<string, unknown>;
    } catch (error) {
      throw new UsageError(`--json-schema is not valid JSON (${(error as Error).message}); give the schema itself, e.g. '{"type":"object","properties":{"name":{"type":"string"}}}'.`);
    }
    if (jsonSchema === null || typeof jsonSchema !== 'object' || Array.isArray(jsonSchema)) throw new UsageError('--json-schema must be a JSON object (a JSON schema).');
  }
  let maxBudgetUsd: number | undefined;
  const budget = text(v['max-budget-usd']);
  if (budget !== undefined) {
    maxBudgetUsd = Number(budget);
    if (budget.trim() === '' || !Number.isFinite(maxBudgetUsd) || maxBudgetUsd <= 0) throw new UsageError(`--max-budget-usd must be a number of US dollars greater than 0 (got "${budget}").`);
  }
  const tool = text(v['permission-prompt-tool']);
  if (tool !== undefined && !/^mcp__[^_].*__.+/.test(tool)) throw new UsageError(`--permission-prompt-tool names an MCP tool as mcp__<server>__<tool> (got "${tool}").`);
  return {
    addDirs: (v['add-dir'] as string[] | undefined) ?? [],
    settings: text(v.settings),
    strictMcpConfig: v['strict-mcp-config'] === true,
    sessionId,
    jsonSchema,
    fallbackModels: (text(v['fallback-model']) ?? '').split(',').map((m) => m.trim()).filter(Boolean),
    includePartialMessages: v['include-partial-messages'] === true,
    verbose: v.verbose === true,
    sessionPersistence: v['no-session-persistence'] !== true,
    maxBudgetUsd,
    agents: text(v.agents),
    permissionPromptTool: tool,
  };
}
