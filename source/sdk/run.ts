// One run as a handle: the session's events while it lasts, queued for whoever iterates, then its result, built from
// those events exactly as the headless JSON result is.
import type { AgentEvent } from '../protocol/events.js';
import type { RunResult } from '../protocol/result.js';
import type { SessionRuns } from '../engine/session/capabilities.js';
import { resultObject, type ResultContext } from '../headless/result.js';
import { RunFacts } from '../headless/runFacts.js';
import type { Run, RunMessage, SendOptions } from './types.js';

export interface RunSource {
  runs: Pick<SessionRuns, 'subscribe' | 'prompt' | 'abort'>;
  context: () => ResultContext;
}

export function startRun(source: RunSource, prompt: string, options: SendOptions = {}): Run {
  const queue: RunMessage[] = [];
  // Whoever waits for the next message (one iteration is meant; a second would share the queue, never hang).
  const waiting = new Set<() => void>();
  const wake = () => {
    for (const resolve of waiting) resolve();
    waiting.clear();
  };
  let finished = false;
  let failure: { error: unknown } | undefined;
  const push = (message: RunMessage) => {
    queue.push(message);
    wake();
  };
  const facts = new RunFacts();
  // Every event from now until the run ends, as `rein -p --output-format rein-events` prints them.
  const unsubscribe = source.runs.subscribe((event: AgentEvent) => {
    if (finished) return;
    facts.observe(event);
    push(event);
  });
  const abort = () => {
    if (!finished) source.runs.abort();
  };
  const onAbort = () => abort();
  options.signal?.addEventListener('abort', onAbort, { once: true });
  const end = () => {
    finished = true;
    unsubscribe();
    options.signal?.removeEventListener('abort', onAbort);
  };
  // runs.prompt rejects (never throws) when the run cannot start; the async wrapper keeps it so if that changes.
  const started = (async () => source.runs.prompt(prompt))();
  const result = started.then(
    (): RunResult => {
      const done: RunResult = { ...resultObject(facts, source.context()), ...(facts.end ? { runId: facts.end.runId } : {}) };
      push(done);
      end();
      return done;
    },
    (error: unknown) => {
      end();
      failure = { error };
      wake();
      throw error;
    },
  );
  // Nobody has to await the result: a run that could not start is then told only to those who iterate or await.
  result.catch(() => {});
  if (options.signal?.aborted) abort();

  return {
    result,
    abort,
    async *[Symbol.asyncIterator]() {
      for (;;) {
        const next = queue.shift();
        if (next !== undefined) {
          yield next;
          if (next.type === 'result') return;
          continue;
        }
        if (failure) throw failure.error;
        if (finished) return;
        await new Promise<void>((resolve) => waiting.add(resolve));
      }
    },
  };
}
