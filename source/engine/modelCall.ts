// One model call inside a run: streams the provider's deltas as AgentEvents and returns how the call ended.
import { type Provider, type ProviderError, type ProviderRequest } from '../providers/types.js';
import { emptyUsage, type AssistantMessage, type StopReason, type Usage } from '../protocol/messages.js';
import { callSignal } from '../util/callSignal.js';
import type { AgentEvent } from '../protocol/events.js';

export interface ModelCallResult {
  message: AssistantMessage;
  stopReason: StopReason;
  usage: Usage;
  error?: ProviderError;
}

export async function* streamModelCall(
  provider: Provider,
  request: ProviderRequest,
  ids: { runId: string; messageId: string },
  signal: AbortSignal,
): AsyncGenerator<AgentEvent, ModelCallResult> {
  const { runId, messageId } = ids;
  let result: ModelCallResult = { message: { role: 'assistant', content: [] }, stopReason: 'error', usage: emptyUsage() };
  const call = callSignal(signal);
  try {
    for await (const event of provider.stream(request, call.signal)) {
      switch (event.type) {
        case 'text_delta': yield { type: 'text_delta', runId, messageId, text: event.text }; break;
        case 'thinking_delta': yield { type: 'thinking_delta', runId, messageId, text: event.text }; break;
        case 'tool_call_start': yield { type: 'tool_call_start', runId, messageId, toolCallId: event.id, name: event.name }; break;
        case 'tool_call_delta': yield { type: 'tool_call_delta', runId, messageId, toolCallId: event.id, partialJson: event.partialJson }; break;
        case 'retry':
          yield { type: 'retry', runId, messageId, attempt: event.attempt, maxAttempts: event.maxAttempts, delayMs: event.delayMs, reason: event.reason };
          break;
        case 'warning': yield { type: 'warning', runId, message: event.message }; break;
        case 'usage': break;
        case 'done':
          result = { message: event.message, stopReason: event.stopReason, usage: event.usage, error: event.error };
          break;
      }
    }
  } finally {
    call.done();
  }
  return result;
}
