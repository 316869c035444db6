// One model call inside a run: streams the provider's deltas as AgentEvents and returns how the call ended.
import { type Provider, type ProviderError, type ProviderRequest } from '../providers/types.js';
import { emptyUsage, type AssistantMessage, type StopReason, type Usage } from '../protocol/messages.js';
import { callSignal } from '../util/callSignal.js';
import type { AgentEvent } from '../protocol/events.js';

export interface ModelCallResult {
  message: AssistantMessage;
  stopReason: StopReason;
  /** The answer's own tokens. */
  usage: Usage;
  /** What the call cost in all: the answer's tokens plus those of attempts that were voided and sent again. */
  spent: Usage;
  error?: ProviderError;
  /** The tool call the server's length limit cut the answer in. */
  cutCall?: { id: string; name: string };
}

export async function* streamModelCall(
  provider: Provider,
  request: ProviderRequest,
  ids: { runId: string; messageId: string },
  signal: AbortSignal,
  /** Told each tool call's name as the model begins it, while its arguments still stream. */
  callStarts?: (name: string) => void,
): AsyncGenerator<AgentEvent, ModelCallResult> {
  const { runId, messageId } = ids;
  let result: ModelCallResult = { message: { role: 'assistant', content: [] }, stopReason: 'error', usage: emptyUsage(), spent: emptyUsage() };
  const call = callSignal(signal);
  // The transport tells `written` when the request's bytes are out; a provider that cannot (a replay) has still sent
  // it by the time its first event comes. Told once either way.
  let written = request.written;
  const tellWritten = written && (() => {
    const once = written;
    written = undefined;
    once?.();
  });
  try {
    for await (const event of provider.stream(tellWritten ? { ...request, written: tellWritten } : request, call.signal)) {
      tellWritten?.();
      switch (event.type) {
        case 'text_delta': yield { type: 'text_delta', runId, messageId, text: event.text }; break;
        case 'thinking_delta': yield { type: 'thinking_delta', runId, messageId, text: event.text }; break;
        case 'tool_call_start':
          callStarts?.(event.name);
          yield { type: 'tool_call_start', runId, messageId, toolCallId: event.id, name: event.name };
          break;
        case 'tool_call_delta': yield { type: 'tool_call_delta', runId, messageId, toolCallId: event.id, partialJson: event.partialJson }; break;
        case 'retry':
          yield { type: 'retry', runId, messageId, attempt: event.attempt, maxAttempts: event.maxAttempts, delayMs: event.delayMs, reason: event.reason };
          break;
        case 'warning': yield { type: 'warning', runId, message: event.message }; break;
        case 'usage': break;
        case 'done':
          result = {
            message: event.message, stopReason: event.stopReason, usage: event.usage, spent: event.spent ?? event.usage, error: event.error,
            ...(event.cutCall ? { cutCall: event.cutCall } : {}),
          };
          break;
      }
    }
  } finally {
    call.done();
  }
  return result;
}
