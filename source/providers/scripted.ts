// An in-process provider that plays scripted turns: drives engine tests and offline demos.
import { type Provider, type ProviderError, type ProviderEvent, type ProviderRequest } from './types.js';
import { emptyUsage, type AssistantBlock, type AssistantMessage, type StopReason, type Usage } from '../protocol/messages.js';
import { errorMessage } from '../util/errors.js';

export interface ScriptedTurn {
  text?: string;
  thinking?: string;
  toolCalls?: Array<{ id?: string; name: string; input: Record<string, unknown> }>;
  /** A tool call the length limit cut off after `toolCalls`: streamed, left out of the message; the stop is max_tokens. */
  cutToolCall?: { id?: string; name: string; partialJson: string };
  /** Default: 'max_tokens' with a cut call, 'tool_use' with toolCalls, else 'end_turn'. */
  stopReason?: StopReason;
  usage?: Partial<Usage>;
  /** Ends with stopReason 'error' and this error (after streaming whatever else the turn holds). */
  error?: ProviderError;
  /** Wait between streamed chunks; an abort during a wait ends with 'aborted'. */
  delayMs?: number;
  /** Streams its text, then waits until aborted. */
  hang?: boolean;
}

export interface ScriptedProvider extends Provider {
  /** A deep-cloned snapshot of every request, in order. */
  requests: ProviderRequest[];
}

export type Script = ScriptedTurn[] | ((request: ProviderRequest, index: number) => ScriptedTurn);

/** Splits text into word-sized pieces that concatenate back to the original. */
const pieces = (text: string): string[] => text.match(/\s*\S+\s*/g) ?? (text ? [text] : []);

/** Resolves true after `ms`, or false as soon as the signal aborts. */
function wait(ms: number | undefined, signal: AbortSignal): Promise<boolean> {
  if (signal.aborted) return Promise.resolve(false);
  return new Promise((resolve) => {
    const onAbort = () => {
      if (timer !== undefined) clearTimeout(timer);
      resolve(false);
    };
    // No finite delay means "until aborted" (a hang).
    const timer =
      ms === undefined
        ? undefined
        : setTimeout(() => {
            signal.removeEventListener('abort', onAbort);
            resolve(true);
          }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

export function createScriptedProvider(script: Script): ScriptedProvider {
  const requests: ProviderRequest[] = [];
  let nextCallId = 1;

  async function* play(turn: ScriptedTurn, signal: AbortSignal): AsyncGenerator<ProviderEvent, void, undefined> {
    const usage: Usage = { ...emptyUsage(), ...turn.usage };
    const thinking: AssistantBlock = { type: 'thinking', thinking: '' };
    const text: AssistantBlock = { type: 'text', text: '' };
    const calls: AssistantBlock[] = [];
    const message = (): AssistantMessage => ({
      role: 'assistant',
      content: [
        ...(thinking.thinking ? [thinking] : []),
        ...(text.text ? [text] : []),
        ...calls,
      ],
    });
    const aborted = (): ProviderEvent => ({ type: 'done', message: message(), stopReason: 'aborted', usage });
    // Chunks after the first wait the turn's delay, when it has one; false means the call was aborted.
    let first = true;
    const pause = async () => {
      const waitNow = !first && turn.delayMs;
      first = false;
      return waitNow ? wait(turn.delayMs, signal) : !signal.aborted;
    };

    for (const piece of pieces(turn.thinking ?? '')) {
      if (!(await pause())) return yield aborted();
      thinking.thinking += piece;
      yield { type: 'thinking_delta', text: piece };
    }
    for (const piece of pieces(turn.text ?? '')) {
      if (!(await pause())) return yield aborted();
      text.text += piece;
      yield { type: 'text_delta', text: piece };
    }
    if (turn.hang) {
      await wait(undefined, signal);
      return yield aborted();
    }
    for (const call of turn.toolCalls ?? []) {
      if (!(await pause())) return yield aborted();
      const id = call.id ?? `call_${nextCallId++}`;
      yield { type: 'tool_call_start', id, name: call.name };
      yield { type: 'tool_call_delta', id, partialJson: JSON.stringify(call.input) };
      calls.push({ type: 'tool_use', id, name: call.name, input: structuredClone(call.input) });
    }
    let cutCall: { id: string; name: string } | undefined;
    if (turn.cutToolCall) {
      if (!(await pause())) return yield aborted();
      cutCall = { id: turn.cutToolCall.id ?? `call_${nextCallId++}`, name: turn.cutToolCall.name };
      yield { type: 'tool_call_start', id: cutCall.id, name: cutCall.name };
      yield { type: 'tool_call_delta', id: cutCall.id, partialJson: turn.cutToolCall.partialJson };
    }
    if (signal.aborted) return yield aborted();
    if (turn.error) {
      // Deltas of a failed call are void, as with the real providers.
      yield { type: 'done', message: { role: 'assistant', content: [] }, stopReason: 'error', usage, error: turn.error };
      return;
    }
    const stopReason = turn.stopReason ?? (cutCall ? 'max_tokens' : calls.length > 0 ? 'tool_use' : 'end_turn');
    yield { type: 'done', message: message(), stopReason, usage, ...(cutCall ? { cutCall } : {}) };
  }

  return {
    name: 'scripted',
    requests,
    async *stream(request: ProviderRequest, signal: AbortSignal): AsyncGenerator<ProviderEvent> {
      const index = requests.length;
      const { written, ...sent } = request;
      requests.push(structuredClone(sent));
      // The scripted request is "written" as soon as it is taken.
      written?.();
      let turn: ScriptedTurn | undefined;
      try {
        turn = typeof script === 'function' ? script(request, index) : script[index];
      } catch (err) {
        // A provider never throws, not even when its script does.
        const detail = errorMessage(err);
        const error: ProviderError = { kind: 'unknown', message: `The scripted provider's script failed: ${detail}` };
        yield { type: 'done', message: { role: 'assistant', content: [] }, stopReason: 'error', usage: emptyUsage(), error };
        return;
      }
      if (!turn) {
        const error: ProviderError = {
          kind: 'unknown',
          message: `The scripted provider's script ran out after ${index} turns; add more turns to the script.`,
        };
        yield { type: 'done', message: { role: 'assistant', content: [] }, stopReason: 'error', usage: emptyUsage(), error };
        return;
      }
      yield* play(turn, signal);
    },
  };
}
