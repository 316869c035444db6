// Headless `rein -p`: runs one prompt to the end and prints it as text, one JSON object, or the event stream.
import type { OutputFormat } from './cliArgs.js';
import type { AgentEvent } from './engine/events.js';
import type { AgentSession } from './engine/sessionTypes.js';
import { emptyUsage } from './providers/types.js';
import { hookLine } from './extensions/hookLine.js';

export interface Writable {
  write(text: string): unknown;
  isTTY?: boolean;
}

export interface HeadlessOptions {
  session: AgentSession;
  prompt: string;
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

/** Runs the prompt and returns the process exit code (0 success, 1 the run ended in an error). */
export async function runHeadless(o: HeadlessOptions): Promise<number> {
  const started = Date.now();
  let end: Extract<AgentEvent, { type: 'run_end' }> | undefined;
  const errors: string[] = [];
  const showProgress = o.format === 'text' && o.stderr.isTTY === true;

  // The first Ctrl+C (or SIGTERM) stops the run cleanly; a second one exits at once, and the exit hooks
  // (shutdown.ts) kill every command still running.
  let signalled = false;
  const onSignal = () => {
    if (signalled) process.exit(130);
    signalled = true;
    o.session.abort();
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  const unsubscribe = o.format === 'stream-json' ? o.session.subscribe((e) => o.stdout.write(`${JSON.stringify(e)}\n`)) : () => {};
  try {
    const run = o.team && o.session.team ? o.session.team(o.prompt) : o.session.prompt(o.prompt);
    for await (const event of run) {
      if (o.format === 'stream-json') o.stdout.write(`${JSON.stringify(event)}\n`);
      if (event.type === 'error') errors.push(event.message);
      if (event.type === 'run_end') end = event;
      if (o.format === 'text' && event.type === 'warning') o.stderr.write(`rein: ${event.message}\n`);
      else if (o.format === 'text' && event.type === 'hook') o.stderr.write(`rein: ${hookLine(event)}\n`);
      else if (showProgress) {
        const line = progressLine(event);
        if (line) o.stderr.write(`${line}\n`);
      }
    }
  } finally {
    unsubscribe();
    // Closing stops the background tasks (with a grace period): a second Ctrl+C meanwhile still exits at once.
    await o.session.close();
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }

  const isError = !end || end.reason !== 'done';
  const errorText = end?.error ?? (end?.reason === 'aborted' ? 'The run was interrupted.' : errors.at(-1));
  if (o.format === 'json') {
    o.stdout.write(`${JSON.stringify({
      result: end?.text ?? '',
      is_error: isError,
      stop_reason: end?.reason ?? 'error',
      error: isError ? errorText : undefined,
      turns: end?.turns ?? 0,
      usage: end?.usage ?? emptyUsage(),
      duration_ms: Date.now() - started,
      session_id: o.session.info.sessionId,
    })}\n`);
  } else if (o.format === 'text') {
    if (end?.text) o.stdout.write(end.text.endsWith('\n') ? end.text : `${end.text}\n`);
    if (isError) o.stderr.write(`rein: ${errorText ?? 'the run ended without an answer.'}\n`);
  }
  return isError ? 1 : 0;
}
