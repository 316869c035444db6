// The OpenAI-compatible provider (OpenAI, DeepSeek, Qwen, Ollama, vLLM...): Chat Completions streaming, SDK loaded on first use.
import type OpenAI from 'openai';
import { streamAttempt, type AttemptEvent } from './attempt.js';
import { chatCompletionChunks } from './sse.js';
import type { ErrorContext } from './errors.js';
import { toOpenAIParams } from './openaiRequest.js';
import { sdkClientOptions, stallLimits, writtenOptions } from './clientOptions.js';
import { retryingCall, type ProviderConnectionOptions } from './retry.js';
import { parseToolInput } from './toolInput.js';
import { cutCallIndex } from './lengthCut.js';
import { roughTokens } from './usageEstimate.js';
import { isLocalUrl } from '../config/localServer.js';
import { servedWindow } from './servedWindow.js';
import { isKnownModel } from './modelInfo.js';
import { type Provider, type ProviderEvent, type ProviderRequest } from './types.js';
import { emptyUsage, type AssistantBlock, type AssistantMessage, type StopReason, type Usage } from '../protocol/messages.js';

/** keyHint defaults to OPENAI_API_KEY. */
export interface OpenAIProviderOptions extends ProviderConnectionOptions {
  /** Who answers, in error messages ("DeepSeek"). Default: OpenAI, or "the server at <baseUrl>". */
  providerLabel?: string;
}

type Chunk = OpenAI.Chat.ChatCompletionChunk;
export const DEFAULT_BASE_URL = 'https://api.openai.com/v1';

export function mapOpenAIFinishReason(reason: string | null | undefined, hasToolCalls: boolean): StopReason {
  switch (reason) {
    case 'tool_calls':
    case 'function_call':
      return 'tool_use';
    case 'length':
      return 'max_tokens';
    case 'content_filter':
      return 'refusal';
    default:
      // Some servers report "stop" even when the turn ends in tool calls; the calls still have to run.
      return hasToolCalls ? 'tool_use' : 'end_turn';
  }
}

interface OpenCall {
  id: string;
  name: string;
  args: string;
}

/** Folds streamed chunks into deltas and the final message. */
class ChunkAssembler {
  private text = '';
  private thinking = '';
  private calls: OpenCall[] = [];
  private byIndex = new Map<number, OpenCall>();
  usage = emptyUsage();
  /** Whether the server sent its counts (many send them only at the very end, when asked to). */
  counted = false;
  finishReason: string | undefined;

  *accept(chunk: Chunk): Generator<ProviderEvent> {
    if (chunk.usage) {
      this.counted = true;
      this.usage = mapOpenAIUsage(chunk.usage);
      yield { type: 'usage', usage: { ...this.usage } };
    }
    const choice = chunk.choices?.[0];
    if (!choice) return;
    const delta: Record<string, unknown> = { ...(choice.delta ?? {}) };
    const reasoning = typeof delta.reasoning_content === 'string' ? delta.reasoning_content : typeof delta.reasoning === 'string' ? delta.reasoning : '';
    if (reasoning) {
      this.thinking += reasoning;
      yield { type: 'thinking_delta', text: reasoning };
    }
    const content = choice.delta?.content;
    if (content) {
      this.text += content;
      yield { type: 'text_delta', text: content };
    }
    for (const tc of choice.delta?.tool_calls ?? []) {
      let call = this.byIndex.get(tc.index);
      // A new id at a known index is a new call (some servers send every call at index 0).
      if (!call || (tc.id && call.id !== tc.id)) {
        call = { id: tc.id || `call_${this.calls.length + 1}`, name: tc.function?.name ?? '', args: '' };
        this.byIndex.set(tc.index, call);
        this.calls.push(call);
        yield { type: 'tool_call_start', id: call.id, name: call.name };
      } else if (tc.function?.name && !call.name) call.name = tc.function.name;
      const piece = tc.function?.arguments;
      if (piece) {
        call.args += piece;
        yield { type: 'tool_call_delta', id: call.id, partialJson: piece };
      }
    }
    if (choice.finish_reason) this.finishReason = choice.finish_reason;
  }

  get stopReason(): StopReason {
    return mapOpenAIFinishReason(this.finishReason, this.calls.length > 0);
  }

  /** The call the length limit cut off, if any: left out of the message, named in the done event. */
  private get cut(): OpenCall | undefined {
    return this.calls[cutCallIndex(this.calls, this.finishReason === 'length')];
  }

  message(includeToolCalls: boolean): AssistantMessage {
    const content: AssistantBlock[] = [];
    if (this.thinking) content.push({ type: 'thinking', thinking: this.thinking });
    if (this.text) content.push({ type: 'text', text: this.text });
    if (includeToolCalls) {
      const cut = this.cut;
      for (const call of this.calls) if (call !== cut) content.push({ type: 'tool_use', id: call.id, name: call.name, input: parseToolInput(call.args) });
    }
    return { role: 'assistant', content };
  }

  doneEvent(): ProviderEvent {
    const cut = this.cut;
    return { type: 'done', message: this.message(true), stopReason: this.stopReason, usage: this.usage, ...(cut ? { cutCall: { id: cut.id, name: cut.name } } : {}) };
  }
}

/** prompt_tokens is the total; cached tokens come from prompt_tokens_details or DeepSeek's prompt_cache_hit_tokens. */
export function mapOpenAIUsage(u: OpenAI.CompletionUsage): Usage {
  const extra: Record<string, unknown> = { ...u };
  // DeepSeek reports cache hits in its own field.
  const deepseekHits = typeof extra.prompt_cache_hit_tokens === 'number' ? extra.prompt_cache_hit_tokens : undefined;
  return {
    inputTokens: u.prompt_tokens ?? 0,
    outputTokens: u.completion_tokens ?? 0,
    cacheReadTokens: u.prompt_tokens_details?.cached_tokens ?? deepseekHits ?? 0,
    cacheWriteTokens: 0,
  };
}

function defaultLabel(baseUrl: string | undefined): string {
  if (!baseUrl || /^https:\/\/api\.openai\.com(\/|$)/.test(baseUrl)) return 'OpenAI';
  return `the server at ${baseUrl}`;
}

export function createOpenAIProvider(opts: OpenAIProviderOptions): Provider {
  let client: Promise<{ sdk: OpenAI; APIError: typeof OpenAI.APIError }> | undefined;
  const baseUrl = opts.baseUrl ?? DEFAULT_BASE_URL;
  // Local servers often need no key, but the SDK refuses an empty one.
  const apiKey = opts.apiKey || 'no-key';
  const limits = stallLimits(opts);
  const getClient = () =>
    (client ??= import('openai').then(
      ({ default: OpenAIClient }) => ({
        sdk: new OpenAIClient({ apiKey, baseURL: baseUrl, ...sdkClientOptions(limits) }),
        APIError: OpenAIClient.APIError,
      }),
    ));

  async function* attempt(request: ProviderRequest, signal: AbortSignal): AsyncGenerator<AttemptEvent> {
    const { sdk, APIError } = await getClient();
    const assembler = new ChunkAssembler();
    // The SDK builds, sends and checks the request; the stream is parsed here, without its per-event async layers.
    const params = toOpenAIParams(request, opts.thinking);
    const open = async (requestSignal: AbortSignal) =>
      chatCompletionChunks<Chunk>(
        await sdk.chat.completions.create(params, { signal: requestSignal, ...writtenOptions(request.written) }).asResponse(),
        (body, headers) => new APIError(undefined, body, undefined, headers),
      );
    yield* streamAttempt<Chunk>(open, {
      accept: (chunk) => assembler.accept(chunk),
      // Without a finish_reason the stream never completed.
      complete: () => assembler.finishReason !== undefined,
      finished: () => assembler.doneEvent(),
      aborted: () => ({ type: 'done', message: assembler.message(false), stopReason: 'aborted', usage: assembler.usage }),
      reported: () => ({ input: assembler.counted, output: assembler.counted }),
      inputEstimate: () => roughTokens(params),
    }, signal, limits);
  }

  return {
    name: 'openai',
    async listModels(signal: AbortSignal): Promise<string[]> {
      const { sdk } = await getClient();
      const names: string[] = [];
      for await (const model of sdk.models.list({ signal })) names.push(model.id);
      return names;
    },
    // A local server's window is its own setting, whatever the model; a remote one is asked only about a model rein does not know.
    ...(opts.baseUrl !== undefined ? {
      servedWindow: (model: string, signal: AbortSignal) =>
        isLocalUrl(opts.baseUrl) || !isKnownModel(model) ? servedWindow(opts.baseUrl!, model, signal) : Promise.resolve(undefined),
    } : {}),
    stream(request: ProviderRequest, signal: AbortSignal): AsyncGenerator<ProviderEvent> {
      const ctx: ErrorContext = {
        providerLabel: opts.providerLabel ?? defaultLabel(opts.baseUrl),
        baseUrl,
        model: request.options.model,
        keyHint: opts.keyHint ?? 'OPENAI_API_KEY',
        baseUrlFrom: opts.baseUrlFrom,
      };
      return retryingCall((s) => attempt(request, s), opts, ctx, signal);
    },
  };
}
