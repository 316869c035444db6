// Maps a provider-neutral request onto Anthropic Messages API parameters, with prompt-cache breakpoints.
import type Anthropic from '@anthropic-ai/sdk';
import type { AssistantBlock, Message, ProviderRequest, UserBlock } from './types.js';

type ContentParam = Anthropic.Messages.ContentBlockParam;
type MessageParam = Anthropic.Messages.MessageParam;
export type AnthropicStreamParams = Anthropic.Messages.MessageCreateParamsStreaming;

const EPHEMERAL = { type: 'ephemeral' } as const;

function userBlock(block: UserBlock): ContentParam | undefined {
  if (block.type === 'text') return block.text === '' ? undefined : { type: 'text', text: block.text };
  return {
    type: 'tool_result',
    tool_use_id: block.toolUseId,
    content: block.content,
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

export function toAnthropicParams(request: ProviderRequest): AnthropicStreamParams {
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
  return {
    model: request.options.model,
    max_tokens: request.options.maxTokens,
    messages,
    stream: true,
    ...(request.system !== '' ? { system: [{ type: 'text', text: request.system, cache_control: EPHEMERAL }] } : {}),
    ...(tools.length > 0 ? { tools } : {}),
    ...(request.options.temperature !== undefined ? { temperature: request.options.temperature } : {}),
  };
}
