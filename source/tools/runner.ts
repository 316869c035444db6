// Runs one tool call end to end: lookup, argument checks, timeout, abort, crash capture and output truncation. Never throws.
import type { Ajv, ErrorObject, ValidateFunction } from 'ajv';
import type { ToolSchema } from '../providers/types.js';
import { outputLimitsFor, cutMiddle, truncateToolOutput } from './truncate.js';
import { errorResult, type AnyTool, type ToolContext } from './types.js';
import { type ToolResult } from '../protocol/tools.js';
import { wireSchema } from './wireSchema.js';
import { formatInt } from '../util/format.js';

export interface ToolCall {
  id: string;
  name: string;
  input: Record<string, unknown>;
}

const defaultToolTimeoutMs = 120_000;

/** The built-in and MCP tools of a session, in a stable order (schema order is part of the cached request prefix). */
export class ToolRegistry {
  private readonly byName = new Map<string, AnyTool>();

  private readonly unlisted = new Set<string>();

  /**
   * `unknownHint` adds a sentence to the answer for a name that is no tool (an MCP server still starting).
   * `unlistedTools` run like the rest but are left out of the schemas (MCP tools reached through search and a proxy).
   */
  constructor(tools: AnyTool[], readonly unknownHint?: (name: string) => string | undefined, unlistedTools: AnyTool[] = []) {
    for (const tool of [...tools, ...unlistedTools]) {
      if (this.byName.has(tool.name)) throw new Error(`Two tools are named ${tool.name}; tool names must be unique.`);
      this.byName.set(tool.name, tool);
    }
    for (const tool of unlistedTools) this.unlisted.add(tool.name);
  }

  /** Whether `name` is a tool the request does not list, called through the MCP proxy. */
  isUnlisted(name: string): boolean {
    return this.unlisted.has(name);
  }

  get(name: string): AnyTool | undefined {
    return this.byName.get(name);
  }

  list(): AnyTool[] {
    return [...this.byName.values()];
  }

  schemas(): ToolSchema[] {
    return this.list().filter((tool) => !this.unlisted.has(tool.name)).map((tool) => ({ name: tool.name, description: tool.description, inputSchema: wireSchema(tool) }));
  }
}

let ajvInstance: Promise<Ajv> | undefined;
const validators = new WeakMap<AnyTool, ValidateFunction | null>();

/** Ajv is loaded with the first tool call, not at start-up. */
export function getAjv(): Promise<Ajv> {
  ajvInstance ??= (async () => {
    const [ajvModule, formats] = await Promise.all([import('ajv'), import('ajv-formats')]);
    // Both are CommonJS: their module.exports is the default export whichever loader brings them in.
    const { Ajv } = ajvModule.default as unknown as { Ajv: typeof import('ajv').Ajv };
    // coerceTypes: smaller models often send "10" for 10 or "true" for true; accept those instead of failing the turn.
    // strict: false, because MCP servers ship schemas with keywords Ajv does not know.
    // validateSchema: false skips compiling the meta-schema; a schema that does not compile is caught below.
    const ajv = new Ajv({ allErrors: true, strict: false, coerceTypes: true, useDefaults: true, validateSchema: false });
    formats.default.default(ajv);
    return ajv;
  })();
  return ajvInstance;
}

/** One compiled validator per tool; null when the tool's own schema cannot be compiled (then the tool checks its input). */
async function validatorFor(tool: AnyTool): Promise<ValidateFunction | null> {
  let validate = validators.get(tool);
  if (validate === undefined) {
    const ajv = await getAjv();
    try {
      validate = ajv.compile(tool.inputSchema);
    } catch {
      validate = null;
    }
    validators.set(tool, validate);
  }
  return validate;
}

function shorten(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max)}… (${formatInt(text.length - max)} more characters)`;
}

function describeAjvError(error: ErrorObject): string {
  const params = error.params as Record<string, unknown>;
  let where = error.instancePath || '(root)';
  let problem = error.message ?? 'is invalid';
  if (error.keyword === 'required') {
    where = `${error.instancePath}/${String(params.missingProperty)}`;
    problem = 'is required';
  } else if (error.keyword === 'additionalProperties') {
    where = `${error.instancePath}/${String(params.additionalProperty)}`;
    problem = 'is not a known argument';
  } else if (error.keyword === 'enum' && Array.isArray(params.allowedValues)) {
    problem = `must be one of: ${params.allowedValues.map((v) => JSON.stringify(v)).join(', ')}`;
  }
  return `- ${where}: ${problem}`;
}

/** Checks and coerces a copy of `input`; the history keeps what the model actually sent. */
async function checkInput(tool: AnyTool, input: Record<string, unknown>): Promise<{ args: Record<string, unknown> } | { error: string; shown: string }> {
  const validate = await validatorFor(tool);
  const args = structuredClone(input);
  if (!validate || validate(args)) return { args };
  const problems = (validate.errors ?? []).map(describeAjvError);
  const unique = [...new Set(problems)];
  return {
    error: [
      `Invalid arguments for ${tool.name}:`,
      ...unique,
      `Received: ${shorten(JSON.stringify(input), 500)}`,
      `Fix the arguments to match the ${tool.name} schema and call it again.`,
    ].join('\n'),
    // The person reads what was wrong; what was sent and what to do next are for the model.
    shown: [`Invalid arguments for ${tool.name}:`, ...unique].join('\n'),
  };
}

/** undefined when `input` is valid for `tool`; otherwise the error text (each path and problem, plus the input received). */
export async function validateToolInput(tool: AnyTool, input: Record<string, unknown>): Promise<string | undefined> {
  const checked = await checkInput(tool, input);
  return 'error' in checked ? checked.error : undefined;
}

function describeThrown(thrown: unknown): string {
  if (thrown instanceof Error) return thrown.message || thrown.name;
  if (typeof thrown === 'string') return thrown;
  try {
    return JSON.stringify(thrown) ?? String(thrown);
  } catch {
    return String(thrown);
  }
}

function timeoutFor(tool: AnyTool, args: Record<string, unknown>): number {
  try {
    const value = typeof tool.timeoutMs === 'function' ? tool.timeoutMs(args) : tool.timeoutMs;
    return typeof value === 'number' && value > 0 ? value : defaultToolTimeoutMs;
  } catch {
    return defaultToolTimeoutMs;
  }
}

const seconds = (ms: number): string => `${Number((ms / 1000).toFixed(2))} s`;

const interrupted = (): ToolResult => errorResult('interrupted');

type Outcome = { kind: 'done'; result: ToolResult } | { kind: 'timeout' } | { kind: 'aborted' };

/** Runs the tool with its own AbortController (linked to the run's signal) and a timeout. */
async function executeWithLimits(tool: AnyTool, args: Record<string, unknown>, ctx: ToolContext): Promise<Outcome> {
  const controller = new AbortController();
  const timeoutMs = timeoutFor(tool, args);
  let timer: NodeJS.Timeout | undefined;
  let onAbort: (() => void) | undefined;
  const stopped = new Promise<Outcome>((resolve) => {
    onAbort = () => {
      controller.abort(ctx.signal.reason);
      resolve({ kind: 'aborted' });
    };
    ctx.signal.addEventListener('abort', onAbort, { once: true });
    timer = setTimeout(() => {
      controller.abort(new Error('timeout'));
      resolve({ kind: 'timeout' });
    }, timeoutMs);
  });
  let settled = false;
  // Progress from a tool that is still winding down after a timeout or abort would arrive after its result.
  const onProgress = (text: string): void => {
    if (!settled) ctx.onProgress(text);
  };
  const running = Promise.resolve()
    .then(() => tool.execute(args, { ...ctx, signal: controller.signal, onProgress }))
    .then((result: ToolResult): Outcome => ({ kind: 'done', result }));
  try {
    return await Promise.race([running, stopped]);
  } finally {
    settled = true;
    clearTimeout(timer);
    if (onAbort) ctx.signal.removeEventListener('abort', onAbort);
    // A tool still running after a timeout or abort must not surface as an unhandled rejection later.
    running.catch(() => undefined);
  }
}

/** Gives every result a string content, an explicit line when empty, and output within the limits. */
async function finishResult(tool: AnyTool, raw: ToolResult, ctx: ToolContext): Promise<ToolResult> {
  const content = typeof raw.content === 'string' ? raw.content : describeThrown(raw.content);
  const isError = raw.isError === true;
  const effects = raw.effects ? { effects: raw.effects } : {};
  let display = raw.display ?? { kind: 'text', text: content };
  const images = Array.isArray(raw.images) && raw.images.length > 0 ? raw.images : undefined;
  if (images) {
    // Images are not cut: the text alone goes through the output limits.
    const rest = await finishResult(tool, { ...raw, images: undefined, content: content.trim() === '' ? '(image output)' : content }, ctx);
    return { ...rest, images };
  }
  if (content.trim() === '') {
    const empty = isError ? `${tool.name} failed without a message` : '(no output)';
    return { content: empty, display: display.kind === 'text' && display.text.trim() === '' ? { kind: 'text', text: empty } : display, isError, ...effects };
  }
  const limits = outputLimitsFor(tool.name);
  const truncated = await truncateToolOutput(content, { sessionDir: ctx.state.sessionDir, toolCallId: ctx.toolCallId, limits });
  if (display.kind === 'text') {
    const cut = display.text === content ? truncated.content : cutMiddle(display.text, limits, 'cut for display')?.text;
    if (cut !== undefined) display = { kind: 'text', text: cut };
  }
  return { content: truncated.content, display, isError, ...effects };
}

async function runUnguarded(registry: ToolRegistry, call: ToolCall, ctx: ToolContext): Promise<ToolResult> {
  const tool = registry.get(call.name);
  if (!tool) {
    const known = registry.list().map((t) => t.name).join(', ');
    const hint = registry.unknownHint?.(call.name);
    // The person is told which name failed (and why, when known); the list of tools is for the model.
    return errorResult(`Unknown tool \`${call.name}\`${hint ? `. ${hint}` : ''}. Available tools: ${known || '(none)'}.`, `There is no tool named ${call.name}.${hint ? ` ${hint.split('. ')[0].replace(/\.$/, '')}.` : ''}`);
  }
  const raw = call.input?.__invalidJson;
  if (raw !== undefined) {
    const received = shorten(typeof raw === 'string' ? raw : describeThrown(raw), 200);
    return errorResult(`The arguments for ${tool.name} were not valid JSON (received: ${received}); send one JSON object that matches its schema.`, `The arguments were not valid JSON: ${received}`);
  }
  const checked = await checkInput(tool, call.input ?? {});
  if ('error' in checked) return errorResult(checked.error, checked.shown);
  if (ctx.signal.aborted) return interrupted();
  const outcome = await executeWithLimits(tool, checked.args, { ...ctx, toolCallId: call.id });
  if (outcome.kind === 'aborted') return interrupted();
  if (outcome.kind === 'timeout') return errorResult(`[timeout] ${tool.name} did not finish within ${seconds(timeoutFor(tool, checked.args))}`);
  return finishResult(tool, outcome.result, { ...ctx, toolCallId: call.id });
}

/** Runs one call and always returns a result the model can act on: errors, timeouts, crashes and aborts included. */
export async function runToolCall(registry: ToolRegistry, call: ToolCall, ctx: ToolContext): Promise<ToolResult> {
  try {
    return await runUnguarded(registry, call, ctx);
  } catch (thrown) {
    if (ctx.signal.aborted) return interrupted();
    return errorResult(`[tool crash] ${describeThrown(thrown)}`);
  }
}
