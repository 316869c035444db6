// Headless `rein -p`: runs one prompt (or each streamed message) to the end and prints it as text, one JSON result,
// Claude Code's stream-json protocol, or rein's own event stream.
import type { OutputFormat } from './outputFormat.js';
import type { AgentEvent } from '../protocol/events.js';
import type { PromptOptions } from '../engine/session/types.js';
import type { HeadlessRuns, HeadlessSession } from './headlessSession.js';
import { hookLine } from '../extensions/hookLine.js';
import { forTerminal } from '../util/terminalText.js';
import { ClaudeStream, type InitFacts, type Message } from './claudeStream.js';
import { errorText, isFailure, resultObject, type ResultContext } from './result.js';
import { RunFacts } from './runFacts.js';
import type { SlashCommand } from '../commands/slashCommand.js';
import { runHeadlessCommand, type HeadlessCommandOutcome } from './builtinCommand.js';

export { streamJsonMessages } from './input.js';

export interface Writable {
  write(text: string): unknown;
  isTTY?: boolean;
}

export type { HeadlessRuns, HeadlessSession };

export interface HeadlessOptions {
  session: HeadlessSession;
  /** One prompt, or (--input-format stream-json) the user messages as they arrive: one run each, in order. */
  prompt: string | AsyncIterable<string>;
  /** How a message runs when it names a custom command (its expansion, allowed tools and model); undefined otherwise. */
  promptOptions?: (text: string) => PromptOptions | undefined;
  /** The built-in slash commands a message may name (`/cost`, `/compact`); the rest go to the model as before. */
  commands?: readonly SlashCommand[];
  /** Team mode instead of a single agent. */
  team?: boolean;
  format: OutputFormat;
  /** --verbose: json prints every stream-json message as one array; text shows progress on stderr even in a pipe. */
  verbose?: boolean;
  /** --include-partial-messages: stream-json carries the model's stream as stream_event lines. */
  includePartialMessages?: boolean;
  /** What system/init says, and each model's window and output limit for modelUsage. */
  describe?: { init: () => InitFacts; modelFacts: ResultContext['modelFacts'] };
  stdout: Writable;
  stderr: Writable;
}

/** Progress lines for a person watching stderr. */
function progressLine(event: AgentEvent): string | undefined {
  switch (event.type) {
    case 'tool_start': return `· ${event.name} ${event.summary}`.trimEnd();
    case 'tool_end': return event.result.isError ? `  ✗ ${event.name}: ${event.result.content.split('\n')[0].slice(0, 160)}` : undefined;
    default: return undefined;
  }
}

async function* promptsOf(prompt: string | AsyncIterable<string>): AsyncIterable<string> {
  if (typeof prompt === 'string') yield prompt;
  else yield* prompt;
}

const fallbackDescription = (session: HeadlessSession): NonNullable<HeadlessOptions['describe']> => ({
  init: () => ({ cwd: session.settings.info.cwd, tools: [], mcpServers: [], model: session.settings.info.model, permissionMode: 'default', slashCommands: [], agents: [], skills: [], version: '' }),
  modelFacts: () => ({ contextWindow: session.settings.info.contextWindow, maxOutputTokens: 0 }),
});

/**
 * Runs the prompt (or each streamed message) and returns the process exit code: 0 success, 1 a run (or a command)
 * ended in an error, 2 a command that needs the full screen.
 */
export async function runHeadless(o: HeadlessOptions): Promise<number> {
  const describe = o.describe ?? fallbackDescription(o.session);
  const showProgress = o.format === 'text' && (o.stderr.isTTY === true || o.verbose === true);
  const sessionId = () => o.session.settings.info.sessionId;
  const line = (value: unknown) => o.stdout.write(`${JSON.stringify(value)}\n`);
  const stream = o.format === 'stream-json' || (o.format === 'json' && o.verbose)
    ? new ClaudeStream({ sessionId, init: describe.init, partialMessages: o.format === 'stream-json' && o.includePartialMessages === true })
    : undefined;
  // --verbose json: the messages stream-json would print, gathered into one array per run.
  let gathered: Message[] = [];
  const emitMessages = (messages: Message[]) => {
    if (o.format === 'stream-json') for (const message of messages) line(message);
    else gathered.push(...messages);
  };
  let facts: RunFacts | undefined;

  const onEvent = (event: AgentEvent) => {
    facts?.observe(event);
    if (o.format === 'rein-events') line(event);
    else if (event.type === 'warning') o.stderr.write(`rein: ${forTerminal(event.message, o.stderr.isTTY)}\n`);
    else if (event.type === 'hook') o.stderr.write(`rein: ${forTerminal(hookLine(event), o.stderr.isTTY)}\n`);
    if (stream) emitMessages(stream.messages(event));
    if (showProgress && event.agentId === undefined) {
      const progress = progressLine(event);
      if (progress) o.stderr.write(`${forTerminal(progress, true)}\n`);
    }
  };

  // The first Ctrl+C (or SIGTERM) stops the run cleanly (and reads no further messages); a second one exits
  // at once, and the exit hooks (shutdown.ts) kill every command still running.
  let signalled = false;
  const onSignal = () => {
    if (signalled) process.exit(130);
    signalled = true;
    o.session.runs.abort();
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  // Every event, the runs' own and those around them (subagents, a log that cannot be written, background tasks).
  const unsubscribe = o.session.runs.subscribe(onEvent);
  let failed = false;
  let commandCode = 0;
  /** A command's answer: its output on stdout and its error on stderr, or one result object in the JSON formats. */
  const answer = (outcome: Extract<HeadlessCommandOutcome, { kind: 'answered' }>) => {
    commandCode = Math.max(commandCode, outcome.exitCode);
    if (o.format === 'text') {
      if (outcome.output) o.stdout.write(`${forTerminal(outcome.output, o.stdout.isTTY)}\n`);
      if (outcome.error) o.stderr.write(`rein: ${forTerminal(outcome.error, o.stderr.isTTY)}\n`);
      return;
    }
    const isError = outcome.exitCode !== 0;
    line({ type: 'result', subtype: isError ? 'error_during_execution' : 'success', is_error: isError, result: isError ? (outcome.error ?? '') : outcome.output, session_id: sessionId() });
  };
  try {
    for await (const text of promptsOf(o.prompt)) {
      if (signalled) break;
      const command = !o.team && o.commands ? await runHeadlessCommand(text, o.session, o.commands) : undefined;
      if (command?.kind === 'answered') {
        answer(command);
        continue;
      }
      facts = new RunFacts();
      gathered = [];
      const runs = o.session.runs;
      // The outcome is also in the facts (they saw its run_end); awaiting it is waiting for the run to end.
      await (command ? command.run(runs) : o.team && runs.team ? runs.team(text) : runs.prompt(text, o.promptOptions?.(text)));
      const done = facts;
      if (isFailure(done)) failed = true;
      if (stream) emitMessages(stream.closing());
      const result = resultObject(done, { sessionId: sessionId(), cwd: o.session.settings.info.cwd, modelFacts: describe.modelFacts });
      if (o.format === 'stream-json') line(result);
      else if (o.format === 'rein-events') line({ ...result, runId: done.end?.runId });
      else if (o.format === 'json') line(o.verbose ? [...gathered, result] : result);
      else {
        // A terminal gets the answer without escape sequences; a pipe or a file gets it byte for byte.
        const structured = done.end?.structuredOutput;
        const answer = forTerminal(structured !== undefined ? JSON.stringify(structured) : (done.end?.text ?? ''), o.stdout.isTTY);
        if (answer) o.stdout.write(answer.endsWith('\n') ? answer : `${answer}\n`);
        if (isFailure(done)) o.stderr.write(`rein: ${forTerminal(errorText(done) ?? 'the run ended without an answer.', o.stderr.isTTY)}\n`);
      }
    }
  } finally {
    unsubscribe();
    // Closing stops the background tasks (with a grace period): a second Ctrl+C meanwhile still exits at once.
    await o.session.close();
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
  return failed ? Math.max(1, commandCode) : commandCode;
}
