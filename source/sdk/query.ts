// query: one prompt in a session of its own, iterated like a run and closed when the run ends (Claude Code's Agent
// SDK `query`).
import { createSession } from './createSession.js';
import type { Query, QueryOptions, ReinSession, Run, RunMessage, RunResult } from './types.js';

export function query({ prompt, options = {} }: QueryOptions): Query {
  const { signal, ...sessionOptions } = options;
  let session: ReinSession | undefined;
  let aborted = false;
  const started: Promise<Run> = createSession(sessionOptions).then((opened) => {
    session = opened;
    const run = opened.send(prompt, signal ? { signal } : {});
    if (aborted) run.abort();
    return run;
  });
  let closing: Promise<void> | undefined;
  const close = () => (closing ??= session?.close() ?? Promise.resolve());
  // The session closes once the run has ended (or could not start), whether anyone iterates or awaits.
  const result: Promise<RunResult> = started.then((run) => run.result).finally(close);
  result.catch(() => {});
  let run: Run | undefined;
  void started.then((r) => (run = r), () => {});
  const abort = () => {
    aborted = true;
    run?.abort();
  };
  return {
    result,
    abort,
    async *[Symbol.asyncIterator](): AsyncGenerator<RunMessage> {
      let ended = false;
      try {
        for await (const message of await started) {
          yield message;
          if (message.type === 'result') ended = true;
        }
        await result;
      } finally {
        // Left early (a break): the run stops and the session closes before the loop goes on.
        if (!ended) abort();
        await result.catch(() => undefined);
      }
    },
  };
}
