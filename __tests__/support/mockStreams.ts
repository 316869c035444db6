// Builds the SSE event sequences of the Anthropic Messages and OpenAI Chat Completions streaming formats for a mock turn.
import type { MockTurn } from './mockLlmServer.js';

/** One SSE event as written to the socket, tagged so faults can find a place to strike. */
export interface SseStep {
  data: string;
  tag?: 'text' | 'tool_args';
  /** For tool_args: which tool call (0-based). */
  tool?: number;
}

export interface StreamContext {
  model: string;
  /** Prompt tokens to report when the turn does not say (a rough estimate from the request size). */
  estimatedInputTokens: number;
  includeUsage: boolean;
  nextToolId: () => string;
}

const split = (text: string, size: number): string[] => {
  const out: string[] = [];
  for (let i = 0; i < text.length; i += size) out.push(text.slice(i, i + size));
  return out;
};

/**
 * The argument text a tool call streams: the malformed fault makes it beyond repair, the sloppy one sends what
 * models often do (single quotes, a trailing comma, the closing brace cut off).
 */
function argumentText(turn: MockTurn, input: Record<string, unknown>): string {
  const json = JSON.stringify(input);
  if (turn.fault?.kind === 'malformed_tool_json') return json.slice(0, -1) + ', {{"oops';
  if (turn.fault?.kind === 'sloppy_tool_json') return json.replace(/"/g, "'").slice(0, -1) + ',';
  return json;
}

function usageOf(turn: MockTurn, ctx: StreamContext) {
  const produced = (turn.text ?? '') + (turn.thinking ?? '') + (turn.toolCalls ?? []).map((c) => JSON.stringify(c.input)).join('') + (turn.partialToolCall?.arguments ?? '');
  return {
    input: turn.usage?.inputTokens ?? ctx.estimatedInputTokens,
    output: turn.usage?.outputTokens ?? Math.max(1, Math.ceil(produced.length / 4)),
    cacheRead: turn.usage?.cacheReadTokens ?? 0,
  };
}

const stopOf = (turn: MockTurn) => turn.stopReason ?? (turn.partialToolCall ? 'max_tokens' : (turn.toolCalls?.length ?? 0) > 0 ? 'tool_use' : 'end_turn');

/** The calls a turn streams: its whole ones, then the one cut off, with its unfinished arguments. */
const streamedCalls = (turn: MockTurn): Array<{ id?: string; name: string; args: string }> => [
  ...(turn.toolCalls ?? []).map((call) => ({ id: call.id, name: call.name, args: argumentText(turn, call.input) })),
  ...(turn.partialToolCall ? [{ id: turn.partialToolCall.id, name: turn.partialToolCall.name, args: turn.partialToolCall.arguments }] : []),
];

export function anthropicSteps(turn: MockTurn, ctx: StreamContext): SseStep[] {
  const size = turn.chunkSize ?? 4;
  const ev = (type: string, body: Record<string, unknown>, tag?: SseStep['tag'], tool?: number): SseStep => ({
    data: `event: ${type}\ndata: ${JSON.stringify({ type, ...body })}\n\n`,
    tag,
    tool,
  });
  const usage = usageOf(turn, ctx);
  const steps: SseStep[] = [
    ev('message_start', {
      message: {
        id: `msg_mock_${Date.now().toString(36)}`, type: 'message', role: 'assistant', model: ctx.model, content: [],
        stop_reason: null, stop_sequence: null,
        usage: { input_tokens: usage.input - usage.cacheRead, output_tokens: 1, cache_read_input_tokens: usage.cacheRead, cache_creation_input_tokens: 0 },
      },
    }),
    { data: 'event: ping\ndata: {"type": "ping"}\n\n' },
  ];
  let index = 0;
  if (turn.thinking !== undefined) {
    steps.push(ev('content_block_start', { index, content_block: { type: 'thinking', thinking: '', signature: '' } }));
    for (const piece of split(turn.thinking, size)) steps.push(ev('content_block_delta', { index, delta: { type: 'thinking_delta', thinking: piece } }));
    const signature = `mocksig_${Buffer.from(turn.thinking).toString('base64').slice(0, 24)}`;
    steps.push(ev('content_block_delta', { index, delta: { type: 'signature_delta', signature } }));
    steps.push(ev('content_block_stop', { index }));
    index++;
  }
  if (turn.text !== undefined) {
    steps.push(ev('content_block_start', { index, content_block: { type: 'text', text: '' } }));
    for (const piece of split(turn.text, size)) steps.push(ev('content_block_delta', { index, delta: { type: 'text_delta', text: piece } }, 'text'));
    steps.push(ev('content_block_stop', { index }));
    index++;
  }
  streamedCalls(turn).forEach((call, n) => {
    const id = call.id ?? ctx.nextToolId();
    steps.push(ev('content_block_start', { index, content_block: { type: 'tool_use', id, name: call.name, input: {} } }));
    for (const piece of split(call.args, size))
      steps.push(ev('content_block_delta', { index, delta: { type: 'input_json_delta', partial_json: piece } }, 'tool_args', n));
    steps.push(ev('content_block_stop', { index }));
    index++;
  });
  steps.push(ev('message_delta', { delta: { stop_reason: stopOf(turn), stop_sequence: null }, usage: { output_tokens: usage.output } }));
  steps.push(ev('message_stop', {}));
  return steps;
}

export function openaiSteps(turn: MockTurn, ctx: StreamContext): SseStep[] {
  const size = turn.chunkSize ?? 4;
  const id = `chatcmpl-mock${Date.now().toString(36)}`;
  const created = Math.floor(Date.now() / 1000);
  const chunk = (delta: Record<string, unknown>, finish: string | null = null, tag?: SseStep['tag'], tool?: number): SseStep => ({
    data: `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model: ctx.model, choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }] })}\n\n`,
    tag,
    tool,
  });
  const steps: SseStep[] = [chunk({ role: 'assistant', content: '' })];
  for (const piece of split(turn.thinking ?? '', size)) steps.push(chunk({ reasoning_content: piece }));
  for (const piece of split(turn.text ?? '', size)) steps.push(chunk({ content: piece }, null, 'text'));
  streamedCalls(turn).forEach((call, n) => {
    steps.push(chunk({ tool_calls: [{ index: n, id: call.id ?? ctx.nextToolId(), type: 'function', function: { name: call.name, arguments: '' } }] }));
    for (const piece of split(call.args, size))
      steps.push(chunk({ tool_calls: [{ index: n, function: { arguments: piece } }] }, null, 'tool_args', n));
  });
  const finish = { end_turn: 'stop', tool_use: 'tool_calls', max_tokens: 'length' }[stopOf(turn)];
  steps.push(chunk({}, finish));
  if (ctx.includeUsage) {
    const usage = usageOf(turn, ctx);
    const body = {
      id, object: 'chat.completion.chunk', created, model: ctx.model, choices: [],
      usage: { prompt_tokens: usage.input, completion_tokens: usage.output, total_tokens: usage.input + usage.output, prompt_tokens_details: { cached_tokens: usage.cacheRead } },
    };
    steps.push({ data: `data: ${JSON.stringify(body)}\n\n` });
  }
  steps.push({ data: 'data: [DONE]\n\n' });
  return steps;
}

/** A line that is not valid SSE JSON, in each format (Anthropic needs an event name or the SDK skips it). */
export const garbageStep = (format: 'anthropic' | 'openai'): SseStep => ({
  data: format === 'anthropic' ? 'event: content_block_delta\ndata: {"type": "content_block_delta", garbage\n\n' : 'data: {"choices": [garbage\n\n',
});
