// Headless `rein -p`: runs one prompt to the end and prints it as text, one JSON object, or the event stream.
import type { OutputFormat } from './cliArgs.js';
import type { AgentEvent } from './engine/events.js';
import type { AgentSession, PromptOptions } from './engine/sessionTypes.js';
import { addUsage, emptyUsage, type Usage } from './providers/types.js';
import { costByModel } from './store/prices.js';
import { hookLine } from './extensions/hookLine.js';
import { forTerminal } from './terminalText.js';

export interface Writable {
  write(text: string): unknown;
  isTTY?: boolean;
}

export interface HeadlessOptions {
  session: AgentSession;
  /** One prompt, or (--input-format stream-json) the user messages as they arrive: one run each, in order. */
  prompt: string | AsyncIterable<string>;
  /** How a message runs when it names a custom command (its expansion, allowed tools and model); undefined otherwise. */
  promptOptions?: (text: string) => PromptOptions | undefined;
  /** Team mode instead of a single agent. */
  team?: boolean;
  format: OutputFormat;
  stdout: Writable;
  stderr: Writable;
}

/** Progress lines for a person watching stderr in a terminal. */
function progressLine(event: AgentEvent): string | undefined {
  switch (event.type) {
    case 'tool_start': return `· ${event.name} ${event.summary}`.trimEnd();
    case 'tool_end': return event.result.isError ? `  ✗ ${event.name}: ${event.result.content.split('\n')[0].slice(0, 160)}` : undefined;
    default: return undefined;
  }
}

type RunEnd = Extract<AgentEvent, { type: 'run_end' }>;

/** What one run ended with, for the json output and stream-json's closing `result` line. */
interface RunOutcome {
  end?: RunEnd;
  errors: string[];
  durationMs: number;
  usageByModel: Record<string, Usage>;
}

function errorText(outcome: RunOutcome): string | undefined {
  const { end, errors } = outcome;
  return end?.error ?? (end?.reason === 'aborted' ? 'The run was interrupted.' : errors.at(-1));
}

function isError(outcome: RunOutcome): boolean {
  return !outcome.end || outcome.end.reason !== 'done';
}

/**
 * The run's result as one object: rein's fields, and beside them Claude Code's (`type`, `subtype`, `num_turns`,
 * `total_cost_usd`, snake_case `usage` keys), so a script written for `claude -p --output-format json` reads it unchanged.
 */
export function resultObject(outcome: RunOutcome, sessionId: string): Record<string, unknown> {
  const { end } = outcome;
  const failed = isError(outcome);
  const usage = end?.usage ?? emptyUsage();
  const cost = costByModel(outcome.usageByModel);
  return {
    type: 'result',
    subtype: !failed ? 'success' : end?.reason === 'max_turns' ? 'error_max_turns' : 'error_during_execution',
    result: end?.text ?? '',
    is_error: failed,
    stop_reason: end?.reason ?? 'error',
    error: failed ? errorText(outcome) : undefined,
    turns: end?.turns ?? 0,
    num_turns: end?.turns ?? 0,
    usage: {
      ...usage,
      // Claude Code counts uncached prompt tokens as input; rein's inputTokens counts every prompt token.
      input_tokens: Math.max(0, usage.inputTokens - usage.cacheReadTokens - usage.cacheWriteTokens),
      output_tokens: usage.outputTokens,
      cache_read_input_tokens: usage.cacheReadTokens,
      cache_creation_input_tokens: usage.cacheWriteTokens,
    },
    // null when a model's price is unknown: a made-up figure would be worse than none.
    total_cost_usd: cost === undefined ? null : Number(cost.toFixed(6)),
    duration_ms: outcome.durationMs,
    session_id: sessionId,
  };
}

async function* promptsOf(prompt: string | AsyncIterable<string>): AsyncIterable<string> {
  if (typeof prompt === 'string') yield prompt;
  else yield* prompt;
}

/** Runs the prompt (or each streamed message) and returns the process exit code (0 success, 1 a run ended in an error). */
export async function runHeadless(o: HeadlessOptions): Promise<number> {
  const showProgress = o.format === 'text' && o.stderr.isTTY === true;
  const sessionId = o.session.info.sessionId;

  // The first Ctrl+C (or SIGTERM) stops the run cleanly (and reads no further messages); a second one exits
  // at once, and the exit hooks (shutdown.ts) kill every command still running.
  let signalled = false;
  const onSignal = () => {
    if (signalled) process.exit(130);
    signalled = true;
    o.session.abort();
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  // Events outside a run's own stream (a session log that cannot be written, a background task): stream-json
  // prints them all; text and json output the warnings among them, on standard error.
  const unsubscribe = o.format === 'stream-json'
    ? o.session.subscribe((e) => o.stdout.write(`${JSON.stringify(e)}\n`))
    : o.session.subscribe((e) => {
      if (e.type === 'warning') o.stderr.write(`rein: ${forTerminal(e.message, o.stderr.isTTY)}\n`);
    });
  let failed = false;
  try {
    for await (const text of promptsOf(o.prompt)) {
      if (signalled) break;
      const started = Date.now();
      const outcome: RunOutcome = { errors: [], durationMs: 0, usageByModel: {} };
      const run = o.team && o.session.team ? o.session.team(text) : o.session.prompt(text, o.promptOptions?.(text));
      for await (const event of run) {
        if (o.format === 'stream-json') o.stdout.write(`${JSON.stringify(event)}\n`);
        if (event.type === 'error') outcome.errors.push(event.message);
        if (event.type === 'run_end') outcome.end = event;
        if (event.type === 'usage') {
          const model = event.model ?? o.session.info.model;
          outcome.usageByModel[model] = addUsage(outcome.usageByModel[model] ?? emptyUsage(), event.turnUsage);
        }
        if (o.format !== 'stream-json' && event.type === 'warning') o.stderr.write(`rein: ${forTerminal(event.message, o.stderr.isTTY)}\n`);
        else if (o.format === 'text' && event.type === 'hook') o.stderr.write(`rein: ${forTerminal(hookLine(event), o.stderr.isTTY)}\n`);
        else if (showProgress) {
          const line = progressLine(event);
          if (line) o.stderr.write(`${forTerminal(line, true)}\n`);
        }
      }
      outcome.durationMs = Date.now() - started;
      if (isError(outcome)) failed = true;
      if (o.format === 'json' || o.format === 'stream-json') {
        // In the event stream the result line carries the run's id, as every event does.
        const result = resultObject(outcome, sessionId);
        o.stdout.write(`${JSON.stringify(o.format === 'stream-json' ? { ...result, runId: outcome.end?.runId } : result)}\n`);
      } else {
        // A terminal gets the answer without escape sequences; a pipe or a file gets it byte for byte.
        const answer = forTerminal(outcome.end?.text ?? '', o.stdout.isTTY);
        if (answer) o.stdout.write(answer.endsWith('\n') ? answer : `${answer}\n`);
        if (isError(outcome)) o.stderr.write(`rein: ${forTerminal(errorText(outcome) ?? 'the run ended without an answer.', o.stderr.isTTY)}\n`);
      }
    }
  } finally {
    unsubscribe();
    // Closing stops the background tasks (with a grace period): a second Ctrl+C meanwhile still exits at once.
    await o.session.close();
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
  return failed ? 1 : 0;
}

/**
 * --input-format stream-json: one JSON object per line, in Claude Code's shape
 * (`{"type":"user","message":{"role":"user","content":"…" | [{"type":"text","text":"…"}]}}`).
 * Each user message is yielded as its text; a line that is not one is skipped with a one-line warning.
 */
export async function* streamJsonMessages(lines: AsyncIterable<string>, warn: (message: string) => void): AsyncIterable<string> {
  let number = 0;
  for await (const raw of lines) {
    number += 1;
    const line = raw.trim();
    if (line === '') continue;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      warn(`input line ${number} is not JSON; skipped it (each line must be {"type":"user","message":{"role":"user","content":"…"}}).`);
      continue;
    }
    const text = userText(value);
    if (text === undefined) {
      warn(`input line ${number} is not a user message with text; skipped it (expected {"type":"user","message":{"role":"user","content":"…"}}).`);
      continue;
    }
    yield text;
  }
}

function userText(value: unknown): string | undefined {
  if (value === null || typeof value !== 'object') return undefined;
  const { type, message } = value as { type?: unknown; message?: unknown };
  if (type !== 'user' || message === null || typeof message !== 'object') return undefined;
  const content = (message as { content?: unknown }).content;
  if (typeof content === 'string') return content.trim() === '' ? undefined : content;
  if (!Array.isArray(content)) return undefined;
  const texts = content
    .filter((part): part is { type: 'text'; text: string } => part !== null && typeof part === 'object' && part.type === 'text' && typeof part.text === 'string')
    .map((part) => part.text);
  const text = texts.join('\n');
  return text.trim() === '' ? undefined : text;
}
