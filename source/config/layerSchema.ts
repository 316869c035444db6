// The JSON Schema every config layer is validated against, and the list of built-in tool names.
import { permissionModes } from '../protocol/events.js';
import { keyActions } from './keys.js';
import { notificationStyles } from './types.js';

/** Every built-in tool; `tools` entries must be one of these. The tools package checks its registry against it. */
export const knownToolNames: readonly string[] = [
  'read_file',
  'write_file',
  'edit_file',
  'glob',
  'grep',
  'bash',
  'bash_output',
  'kill_task',
  'todo_write',
  'memory',
  'task',
  'web_fetch',
  'web_search',
  'ask_user',
  'exit_plan_mode',
];

const providerNames: readonly string[] = ['anthropic', 'openai'];

/** Schema of one layer: every key optional, unknown keys rejected so typos surface. */
export const configLayerSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    $schema: { type: 'string' },
    provider: { type: 'string', enum: [...providerNames] },
    model: { type: 'string', minLength: 1 },
    baseUrl: { type: 'string', pattern: '^https?://', format: 'uri' },
    apiKey: { type: 'string' },
    temperature: { type: 'number', minimum: 0, maximum: 2 },
    maxTokens: { type: 'integer', minimum: 1 },
    maxTurns: { type: 'integer', minimum: 0 },
    maxConsecutiveToolErrors: { type: 'integer', minimum: 0 },
    maxRetries: { type: 'integer', minimum: 1, maximum: 10 },
    requestTimeoutMs: { type: 'integer', minimum: 1 },
    streamIdleTimeoutMs: { type: 'integer', minimum: 1 },
    // "off" | "low" | "medium" | "high", or a budget of thinking tokens (the API's smallest is 1024).
    thinking: { anyOf: [{ type: 'string', enum: ['off', 'low', 'medium', 'high'] }, { type: 'integer', minimum: 1024 }] },
    permissionMode: { type: 'string', enum: [...permissionModes] },
    tools: { type: 'array', items: { type: 'string', enum: [...knownToolNames] } },
    security: {
      type: 'object',
      additionalProperties: false,
      properties: { workspace: { type: 'string', minLength: 1 } },
    },
    context: {
      type: 'object',
      additionalProperties: false,
      properties: {
        maxContextTokens: { type: 'integer', minimum: 1000 },
        contextDangerRatio: { type: 'number', exclusiveMinimum: 0, maximum: 0.95 },
        keepRecentToolResults: { type: 'integer', minimum: 0 },
        keepRecentRatio: { type: 'number', exclusiveMinimum: 0, maximum: 0.8 },
        instructionsBudgetTokens: { type: 'integer', minimum: 0 },
      },
    },
    memory: {
      type: 'object',
      additionalProperties: false,
      properties: { dir: { type: 'string', minLength: 1 } },
    },
    team: {
      type: 'object',
      additionalProperties: false,
      properties: {
        plannerModel: { type: 'string', minLength: 1 },
        workerModel: { type: 'string', minLength: 1 },
        reviewerModel: { type: 'string', minLength: 1 },
      },
    },
    // Each entry is checked on its own when MCP servers start (source/mcp/config.ts), so one bad server is
    // reported and left out while the others still start.
    mcpServers: { type: 'object', additionalProperties: { type: 'object' } },
    // Claude Code's hooks shape; each entry is checked when the hooks load (source/extensions/hooks/config.ts).
    hooks: { type: 'object' },
    mcp: {
      type: 'object',
      additionalProperties: false,
      properties: {
        startupTimeoutMs: { type: 'integer', minimum: 1 },
        toolTimeoutMs: { type: 'integer', minimum: 1 },
      },
    },
    checkpoints: {
      type: 'object',
      additionalProperties: false,
      properties: {
        enabled: { type: 'boolean' },
        maxFileBytes: { type: 'integer', minimum: 0 },
        keepDays: { type: 'number', exclusiveMinimum: 0 },
      },
    },
    sandbox: {
      type: 'object',
      additionalProperties: false,
      properties: { enabled: { type: 'boolean' }, network: { type: 'boolean' } },
    },
    // Rules are checked one by one when loaded (a bad one is reported, never silently dropped), so lists take any items here.
    permissions: {
      type: 'object',
      additionalProperties: false,
      properties: {
        allow: { type: 'array' },
        ask: { type: 'array' },
        deny: { type: 'array' },
        protectedPaths: { type: 'array', items: { type: 'string', minLength: 1 } },
        protectedWritePaths: { type: 'array', items: { type: 'string', minLength: 1 } },
      },
    },
    // Each key's spelling is checked when the file is read (source/config/keys.ts), so the message can say what is wrong with it.
    keys: {
      type: 'object',
      additionalProperties: false,
      properties: Object.fromEntries(keyActions.map((action) => [action, { anyOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' } }] }])),
    },
    mouse: { type: 'boolean' },
    notifications: { type: 'string', enum: [...notificationStyles] },
    webSearch: {
      type: 'object',
      additionalProperties: false,
      required: ['backend'],
      properties: {
        backend: { type: 'string', enum: ['searxng', 'brave', 'tavily'] },
        url: { type: 'string', pattern: '^https?://', format: 'uri' },
        apiKey: { type: 'string', minLength: 1 },
      },
    },
    agents: {
      type: 'object',
      additionalProperties: false,
      properties: {
        maxParallel: { type: 'integer', minimum: 1, maximum: 16 },
        maxTurns: { type: 'integer', minimum: 1 },
      },
    },
  },
} as const;

/** Ajv options for this schema (also used by the build's precompiled copy). validateSchema: false skips compiling the meta-schema; the schema is ours. */
export const validatorOptions = { allErrors: false, verbose: true, validateSchema: false } as const;
