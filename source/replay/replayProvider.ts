// --replay <file>: a provider that answers each request with the recorded events, at the recorded pace or
// `speed` times faster (0: at once). No key, no network. The first request that differs from the recorded one
// is reported once, naming the turn and the part. The recording comes relocated to `places` (see relocate.ts),
// which the hashes then name by placeholder, as the recorded hashes named the recorded places.
import type { Provider, ProviderEvent } from '../providers/types.js';
import { emptyUsage } from '../protocol/messages.js';
import { firstDifference, hashRequest, type Recording } from './recording.js';
import type { Places } from './relocate.js';

function pause(ms: number, signal: AbortSignal): Promise<void> {
  if (ms <= 0 || signal.aborted) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}

export function replayProvider(recording: Recording, speed: number, cwd?: string, places?: Places): Provider {
  let turn = 0;
  let diverged = false;
  return {
    name: recording.header.provider,
    async *stream(request, signal): AsyncGenerator<ProviderEvent> {
      turn += 1;
      const recorded = recording.requests.find((r) => r.turn === turn);
      const events = recording.events.get(turn);
      if (!recorded || !events) {
        const message = `The recording has no answer for model call ${turn}: it ends after ${recording.requests.length} calls.`;
        yield { type: 'done', message: { role: 'assistant', content: [] }, stopReason: 'error', usage: emptyUsage(), error: { kind: 'bad_request', message } };
        return;
      }
      const difference = recorded.hash ? firstDifference(recorded.hash, hashRequest(request, recording.header.places === undefined ? undefined : places)) : undefined;
      if (difference && !diverged) {
        diverged = true;
        // A version 1 recording holds its folder in the system prompt: a replay elsewhere differs there, as expected.
        const where = difference === 'the system prompt' && cwd !== undefined && cwd !== recording.header.facts.cwd ? ` (it was recorded in ${recording.header.facts.cwd})` : '';
        yield { type: 'warning', message: `The replay differs from the recording at model call ${turn}: ${difference} is not the recorded one${where}; the recorded answers play on.` };
      }
      let at = 0;
      for (const { t, event } of events) {
        if (signal.aborted) {
          yield { type: 'done', message: { role: 'assistant', content: [] }, stopReason: 'aborted', usage: emptyUsage() };
          return;
        }
        if (speed > 0) await pause((t - at) / speed, signal);
        at = t;
        yield event;
      }
    },
  };
}
