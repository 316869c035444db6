// The Anthropic provider: Messages API streaming through the official SDK, loaded on first use.
import type Anthropic from '@anthropic-ai/sdk';
import { toAnthropicParams } from './anthropicRequest.js';
import { streamAttempt, type AttemptEvent } from './attempt.js';
import { messageStreamEvents } from './sse.js';
import type { ErrorContext } from './errors.js';
import { parseToolInput } from './toolInput.js';
import { isWholeJsonObject } from './lengthCut.js';
import { roughTokens } from './usageEstimate.js';
import { retirementNotice } from './modelInfo.js';
import { sdkClientOptions, stallLimits, writtenOptions } from './clientOptions.js';
import { retryingCall, type ProviderConnectionOptions } from './retry.js';
import { type Provider, type ProviderEvent, type ProviderRequest } from './types.js';
import { emptyUsage, type AssistantBlock, type AssistantMessage, type StopReason, type Usage } from '../protocol/messages.js';
import { omit } from '../util/omit.js';

/** keyHint defaults to ANTHROPIC_API_KEY. */
export type AnthropicProviderOptions = ProviderConnectionOptions;

type RawEvent = Anthropic.Messages.RawMessageStreamEvent;
type ApiUsage = Partial<Record<'input_tokens' | 'output_tokens' | 'cache_read_input_tokens' | 'cache_creation_input_tokens', number | null>>;

export const DEFAULT_BASE_URL = 'https://api.anthropic.com';

/** A content block while it streams; tool input JSON is parsed at its block stop. */
type OpenBlock = AssistantBlock & { json?: string; closed?: boolean };

export function mapAnthropicStopReason(reason: string | null | undefined): StopReason {
  switch (reason) {
    case 'end_turn':
    case 'tool_use':
    case 'max_tokens':
    case 'stop_sequence':
    case 'refusal':
      return reason;
    // The model ran out of room to write: the answer is cut off, as with max_tokens.
    case 'model_context_window_exceeded':
      return 'max_tokens';
    default:
      return 'end_turn';
  }
}

/** Total prompt tokens include cache reads and writes; fields a later event leaves out keep their earlier values. */
export function mapAnthropicUsage(api: ApiUsage, previous: Usage = emptyUsage()): Usage {
  const input = api.input_tokens ?? undefined;
  const read = api.cache_read_input_tokens ?? undefined;
  const write = api.cache_creation_input_tokens ?? undefined;
  const baseInput = previous.inputTokens - previous.cacheReadTokens - previous.cacheWriteTokens;
  const next = {
    cacheReadTokens: read ?? previous.cacheReadTokens,
    cacheWriteTokens: write ?? previous.cacheWriteTokens,
    outputTokens: api.output_tokens ?? previous.outputTokens,
  };
  return { ...next, inputTokens: (input ?? baseInput) + next.cacheReadTokens + next.cacheWriteTokens };
}

/** Folds raw stream events into deltas and the final message. */
class MessageAssembler {
  private blocks = new Map<number, OpenBlock>();
  usage = emptyUsage();
  /** The prompt's count comes first (message_start); the output count only at the end (message_delta). */
  readonly counted = { input: false, output: false };
  stopReason: StopReason = 'end_turn';
  finished = false;

  *accept(event: RawEvent): Generator<ProviderEvent> {
    switch (event.type) {
      case 'message_start':
        this.counted.input = true;
        this.usage = mapAnthropicUsage(event.message.usage, this.usage);
        yield { type: 'usage', usage: { ...this.usage } };
        return;
      case 'content_block_start': {
        const b = event.content_block;
        if (b.type === 'text') {
          this.blocks.set(event.index, { type: 'text', text: b.text });
          if (b.text) yield { type: 'text_delta', text: b.text };
        } else if (b.type === 'thinking') {
          this.blocks.set(event.index, { type: 'thinking', thinking: b.thinking, signature: b.signature || undefined });
          if (b.thinking) yield { type: 'thinking_delta', text: b.thinking };
        } else if (b.type === 'redacted_thinking') {
          this.blocks.set(event.index, { type: 'redacted_thinking', data: b.data });
        } else if (b.type === 'tool_use') {
          this.blocks.set(event.index, { type: 'tool_use', id: b.id, name: b.name, input: {}, json: '' });
          yield { type: 'tool_call_start', id: b.id, name: b.name };
        }
        return;
      }
      case 'content_block_delta': {
        const block = this.blocks.get(event.index);
        const d = event.delta;
        if (!block) return;
        if (d.type === 'text_delta' && block.type === 'text') {
          block.text += d.text;
          yield { type: 'text_delta', text: d.text };
        } else if (d.type === 'thinking_delta' && block.type === 'thinking') {
          block.thinking += d.thinking;
          yield { type: 'thinking_delta', text: d.thinking };
        } else if (d.type === 'signature_delta' && block.type === 'thinking') {
          block.signature = (block.signature ?? '') + d.signature;
        } else if (d.type === 'input_json_delta' && block.type === 'tool_use') {
          block.json = (block.json ?? '') + d.partial_json;
          yield { type: 'tool_call_delta', id: block.id, partialJson: d.partial_json };
        }
        return;
      }
      case 'content_block_stop': {
        const block = this.blocks.get(event.index);
        if (block?.type === 'tool_use') block.input = parseToolInput(block.json ?? '');
        if (block) block.closed = true;
        return;
      }
      case 'message_delta':
        if (typeof event.usage.output_tokens === 'number') this.counted.output = true;
        this.stopReason = mapAnthropicStopReason(event.delta.stop_reason);
        this.usage = mapAnthropicUsage(event.usage, this.usage);
        return;
      case 'message_stop':
        this.finished = true;
        return;
    }
  }

  /**
   * The last tool call when the length limit cut the answer inside it. The API closes that block all the same, so
   * its arguments tell: every earlier call was finished before the model moved on.
   */
  private cutCall(): OpenBlock | undefined {
    if (this.stopReason !== 'max_tokens') return undefined;
    const last = [...this.blocks.entries()].sort(([a], [b]) => a - b).at(-1)?.[1];
    return last?.type === 'tool_use' && (!last.closed || !isWholeJsonObject(last.json ?? '')) ? last : undefined;
  }

  /** The message so far; unfinished tool calls are left out because their input is incomplete. */
  message(): AssistantMessage {
    const cut = this.cutCall();
    const content: AssistantBlock[] = [];
    for (const index of [...this.blocks.keys()].sort((a, b) => a - b)) {
      const open = this.blocks.get(index)!;
      const { closed, ...block } = omit(open, 'json');
      if (block.type === 'tool_use' && (!closed || open === cut)) continue;
      content.push(block);
    }
    return { role: 'assistant', content };
  }

  doneEvent(): ProviderEvent {
    const cut = this.cutCall();
    return {
      type: 'done', message: this.message(), stopReason: this.stopReason, usage: this.usage,
      ...(cut?.type === 'tool_use' ? { cutCall: { id: cut.id, name: cut.name } } : {}),
    };
  }
}

/** The SDK adds /v1/messages itself: a base URL that already ends in /v1 would ask for /v1/v1/messages. */
function anthropicRoot(baseUrl: string): { root: string; stripped: boolean } {
  const root = baseUrl.replace(/\/v1\/?$/, '');
  return { root, stripped: root !== baseUrl };
}

export function createAnthropicProvider(opts: AnthropicProviderOptions): Provider {
  let client: Promise<{ sdk: Anthropic; APIError: typeof Anthropic.APIError }> | undefined;
  const { root: baseUrl, stripped } = anthropicRoot(opts.baseUrl ?? DEFAULT_BASE_URL);
  const limits = stallLimits(opts);
  // Loaded lazily: importing the SDK is slow, which headless startup must not pay up front.
  const getClient = () =>
    (client ??= import('@anthropic-ai/sdk').then(
      ({ default: AnthropicClient }) => ({
        sdk: new AnthropicClient({ apiKey: opts.apiKey, baseURL: baseUrl, ...sdkClientOptions(limits) }),
        APIError: AnthropicClient.APIError,
      }),
    ));
  // Said once per provider (the URL) and once per model (a retirement), not on every call.
  const told = new Set<string>();
  function* notices(model: string): Generator<ProviderEvent> {
    if (stripped && !told.has('/v1')) {
      told.add('/v1');
      yield { type: 'warning', message: `The Anthropic base URL ${opts.baseUrl} ends in /v1, which rein adds itself; using ${baseUrl}.` };
    }
    const retiring = retirementNotice(model);
    if (retiring && !told.has(model)) {
      told.add(model);
      yield { type: 'warning', message: retiring };
    }
  }

  async function* attempt(request: ProviderRequest, signal: AbortSignal): AsyncGenerator<AttemptEvent> {
    const { sdk, APIError } = await getClient();
    const assembler = new MessageAssembler();
    const body = toAnthropicParams(request, opts.thinking);
    // Posted directly rather than through messages.create, which writes its own deprecation warnings to the
    // terminal; the stream is parsed here, without the SDK's per-event async layers.
    const open = async (requestSignal: AbortSignal) =>
      messageStreamEvents<RawEvent>(
        await sdk.post('/v1/messages', { body, stream: true, signal: requestSignal, ...writtenOptions(request.written) }).asResponse(),
        (errorBody, headers, type) => new APIError(undefined, errorBody, undefined, headers, type as Anthropic.ErrorType | undefined),
      );
    yield* streamAttempt<RawEvent>(open, {
      accept: (event) => assembler.accept(event),
      complete: () => assembler.finished,
      finished: () => assembler.doneEvent(),
      aborted: () => ({ type: 'done', message: assembler.message(), stopReason: 'aborted', usage: assembler.usage }),
      reported: () => ({ ...assembler.counted }),
      inputEstimate: () => roughTokens(body),
    }, signal, limits);
  }

  return {
    name: 'anthropic',
    async listModels(signal: AbortSignal): Promise<string[]> {
      const { sdk } = await getClient();
      const names: string[] = [];
      for await (const model of sdk.models.list({}, { signal })) names.push(model.id);
      return names;
    },
    async *stream(request: ProviderRequest, signal: AbortSignal): AsyncGenerator<ProviderEvent> {
      yield* notices(request.options.model);
      const ctx: ErrorContext = {
        providerLabel: 'Anthropic',
        baseUrl,
        model: request.options.model,
        keyHint: opts.keyHint ?? 'ANTHROPIC_API_KEY',
        baseUrlFrom: opts.baseUrlFrom,
      };
      yield* retryingCall((s) => attempt(request, s), opts, ctx, signal);
    },
  };
}
