// Maps a provider-neutral request onto Anthropic Messages API parameters, with prompt-cache breakpoints.
import type Anthropic from '@anthropic-ai/sdk';
import { thinkingBudget, thinkingEffort } from './thinking.js';
import { anthropicImageTypes, withImagePlaceholders } from './images.js';
import type { ProviderRequest, ThinkingSetting } from './types.js';
import type { AssistantBlock, Message, ToolResultBlock, UserBlock } from '../protocol/messages.js';

type ContentParam = Anthropic.Messages.ContentBlockParam;
type MessageParam = Anthropic.Messages.MessageParam;
export type AnthropicStreamParams = Anthropic.Messages.MessageCreateParamsStreaming;

const EPHEMERAL = { type: 'ephemeral' } as const;

/** A tool result's text, then its images as image blocks (types the API refuses become a placeholder line). */
function toolResultContent(block: ToolResultBlock): Anthropic.Messages.ToolResultBlockParam['content'] {
  if (!block.images || block.images.length === 0) return block.content;
  const refused = block.images.filter((image) => !anthropicImageTypes.has(image.mediaType));
  const text = withImagePlaceholders(block.content, refused, 'this image type cannot be sent to the model');
  const parts: Array<Anthropic.Messages.TextBlockParam | Anthropic.Messages.ImageBlockParam> = text === '' ? [] : [{ type: 'text', text }];
  for (const image of block.images) {
    if (!anthropicImageTypes.has(image.mediaType)) continue;
    const mediaType = image.mediaType as Anthropic.Messages.Base64ImageSource['media_type'];
    parts.push({ type: 'image', source: { type: 'base64', media_type: mediaType, data: image.data } });
  }
  return parts;
}

function userBlock(block: UserBlock): ContentParam | undefined {
  if (block.type === 'text') return block.text === '' ? undefined : { type: 'text', text: block.text };
  return {
    type: 'tool_result',
    tool_use_id: block.toolUseId,
    content: toolResultContent(block),
    ...(block.isError ? { is_error: true } : {}),
  };
}

function assistantBlock(block: AssistantBlock): ContentParam | undefined {
  switch (block.type) {
    case 'text':
      return block.text === '' ? undefined : { type: 'text', text: block.text };
    case 'thinking':
      // Without its signature the API rejects a thinking block (it may come from another provider): drop it.
      return block.signature ? { type: 'thinking', thinking: block.thinking, signature: block.signature } : undefined;
    case 'redacted_thinking':
      return { type: 'redacted_thinking', data: block.data };
    case 'tool_use':
      return { type: 'tool_use', id: block.id, name: block.name, input: block.input };
  }
}

export function toAnthropicMessages(messages: Message[]): MessageParam[] {
  return messages.map((message): MessageParam => {
    const content: ContentParam[] = [];
    for (const block of message.content) {
      const mapped = message.role === 'user' ? userBlock(block as UserBlock) : assistantBlock(block as AssistantBlock);
      if (mapped) content.push(mapped);
    }
    return { role: message.role, content };
  });
}

/** Marks the last block of the newest message that can carry a cache breakpoint (thinking blocks cannot). */
function markNewestMessage(messages: MessageParam[]): void {
  const newest = messages.at(-1);
  if (!newest || typeof newest.content === 'string') return;
  for (let i = newest.content.length - 1; i >= 0; i--) {
    const block = newest.content[i];
    if (block && (block.type === 'text' || block.type === 'tool_result' || block.type === 'tool_use')) {
      block.cache_control = EPHEMERAL;
      return;
    }
  }
}

/**
 * Models from Claude 4.6 on think adaptively and refuse a manual budget: they take an effort level instead.
 * Older ones (Sonnet 4.5, Haiku 4.5, Opus 4.5 and before) take `budget_tokens`.
 */
function thinksAdaptively(model: string): boolean {
  const name = model.toLowerCase().replace(/^.*\//, '');
  return /^claude-(opus|sonnet|haiku)-(4-[6-9]|[5-9])/.test(name) || /^claude-(fable|mythos)/.test(name);
}

/** The request fields that turn thinking on for this model, and the room it needs on top of the answer. */
function thinkingParams(model: string, setting: ThinkingSetting | undefined): { fields: Partial<AnthropicStreamParams>; room: number } | undefined {
  const budget = thinkingBudget(setting);
  const effort = thinkingEffort(setting);
  if (budget === undefined || effort === undefined) return undefined;
  if (thinksAdaptively(model)) {
    return { fields: { thinking: { type: 'adaptive', display: 'summarized' }, output_config: { effort } }, room: budget };
  }
  return { fields: { thinking: { type: 'enabled', budget_tokens: budget } }, room: budget };
}

export function toAnthropicParams(request: ProviderRequest, thinking?: ThinkingSetting): AnthropicStreamParams {
  const messages = toAnthropicMessages(request.messages);
  markNewestMessage(messages);
  const tools = request.tools.map(
    (tool, i): Anthropic.Messages.Tool => ({
      name: tool.name,
      description: tool.description,
      input_schema: tool.inputSchema as Anthropic.Messages.Tool.InputSchema,
      ...(i === request.tools.length - 1 ? { cache_control: EPHEMERAL } : {}),
    }),
  );
  const think = thinkingParams(request.options.model, thinking);
  return {
    model: request.options.model,
    // max_tokens covers thinking and answer alike and must exceed the budget: the answer keeps its own room.
    max_tokens: request.options.maxTokens + (think?.room ?? 0),
    messages,
    stream: true,
    ...(request.system !== '' ? { system: [{ type: 'text', text: request.system, cache_control: EPHEMERAL }] } : {}),
    ...(tools.length > 0 ? { tools } : {}),
    ...think?.fields,
    // Thinking does not take a temperature.
    ...(request.options.temperature !== undefined && think === undefined ? { temperature: request.options.temperature } : {}),
  };
}
