// Maps a provider-neutral request onto OpenAI Chat Completions parameters (tool messages, DeepSeek reasoning_content).
import type OpenAI from 'openai';
import { withImagePlaceholders } from './images.js';
import { thinkingEffort } from './thinking.js';
import type { ProviderRequest, ThinkingSetting } from './types.js';
import type { AssistantMessage, Message, UserMessage } from '../protocol/messages.js';

type ChatMessage = OpenAI.Chat.ChatCompletionMessageParam;
/** DeepSeek-style servers take the model's reasoning back in this extra field. */
type AssistantParam = OpenAI.Chat.ChatCompletionAssistantMessageParam & { reasoning_content?: string };
export type OpenAIStreamParams = OpenAI.Chat.ChatCompletionCreateParamsStreaming;

const textOf = (message: Message): string =>
  message.content
    .flatMap((b) => (b.type === 'text' && b.text !== '' ? [b.text] : []))
    .join('\n\n');

const hasText = (message: Message): boolean => message.content.some((b) => b.type === 'text' && b.text !== '');

function userMessages(message: UserMessage): ChatMessage[] {
  const out: ChatMessage[] = [];
  // Tool results come first as `tool` messages; any text follows as one user message.
  for (const block of message.content) {
    // Chat Completions tool messages carry text only; an image in a user message would be refused by many
    // compatible servers (DeepSeek, most vLLM models), so the model learns of it from one line instead.
    if (block.type === 'tool_result') {
      out.push({ role: 'tool', tool_call_id: block.toolUseId, content: withImagePlaceholders(block.content, block.images, 'not shown, this API takes text only in tool results') });
    }
  }
  if (hasText(message)) out.push({ role: 'user', content: textOf(message) });
  return out;
}

function assistantMessage(message: AssistantMessage, withReasoning: boolean): AssistantParam {
  const calls = message.content.flatMap((b) =>
    b.type === 'tool_use'
      ? [{ id: b.id, type: 'function' as const, function: { name: b.name, arguments: JSON.stringify(b.input) } }]
      : [],
  );
  const text = textOf(message);
  const out: AssistantParam = { role: 'assistant', content: text === '' && calls.length > 0 ? null : text };
  if (calls.length > 0) out.tool_calls = calls;
  const reasoning = message.content.flatMap((b) => (b.type === 'thinking' ? [b.thinking] : [])).join('\n');
  if (withReasoning && reasoning !== '') out.reasoning_content = reasoning;
  return out;
}

export function toOpenAIMessages(system: string, messages: Message[]): ChatMessage[] {
  // Reasoning goes back only for the current tool-call loop (after the last user text), as DeepSeek requires.
  let lastUserText = -1;
  messages.forEach((m, i) => {
    if (m.role === 'user' && hasText(m)) lastUserText = i;
  });
  const out: ChatMessage[] = system !== '' ? [{ role: 'system', content: system }] : [];
  messages.forEach((m, i) => {
    if (m.role === 'user') out.push(...userMessages(m));
    else out.push(assistantMessage(m, i > lastUserText));
  });
  return out;
}

export function toOpenAIParams(request: ProviderRequest, thinking?: ThinkingSetting): OpenAIStreamParams {
  const effort = thinkingEffort(thinking);
  const tools = request.tools.map(
    (tool): OpenAI.Chat.ChatCompletionFunctionTool => ({
      type: 'function',
      function: { name: tool.name, description: tool.description, parameters: tool.inputSchema },
    }),
  );
  return {
    model: request.options.model,
    messages: toOpenAIMessages(request.system, request.messages),
    stream: true,
    stream_options: { include_usage: true },
    // Most compatible servers know max_tokens, not max_completion_tokens.
    max_tokens: request.options.maxTokens,
    ...(tools.length > 0 ? { tools } : {}),
    ...(effort !== undefined ? { reasoning_effort: effort } : {}),
    // Reasoning models reject a temperature.
    ...(request.options.temperature !== undefined && effort === undefined ? { temperature: request.options.temperature } : {}),
  };
}
