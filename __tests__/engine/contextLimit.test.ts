// The real window read from the context-length errors of the servers rein talks to, in their own words.
import { describe, expect, it } from 'vitest';
import { parseContextLimit } from '../../source/engine/contextLimit.js';
import { classifyProviderError } from '../../source/providers/errors.js';

describe('parseContextLimit', () => {
  it.each([
    ['OpenAI', "This model's maximum context length is 128000 tokens. However, your messages resulted in 130512 tokens. Please reduce the length of the messages.", { limit: 128000, requested: 130512 }],
    ['Anthropic', 'prompt is too long: 208310 tokens > 200000 maximum', { limit: 200000, requested: 208310 }],
    ['Anthropic with max_tokens', 'input length and `max_tokens` exceed context limit: 197000 + 8192 > 200000, decrease input length or `max_tokens` and try again', { limit: 200000, requested: 197000 }],
    ['vLLM', "This model's maximum context length is 4096 tokens. However, you requested 5122 tokens (4098 in the messages, 1024 in the completion). Please reduce the length of the messages or completion.", { limit: 4096, requested: 4098 }],
    ['vLLM (newer)', "'max_tokens' or 'max_completion_tokens' is too large: 1024. This model's maximum context length is 4096 tokens and your request has 3500 input tokens (1024 > 4096 - 3500).", { limit: 4096, requested: 3500 }],
    ['Ollama (llama.cpp runner)', 'request (8889 tokens) exceeds the available context size (4096 tokens), try increasing it', { limit: 4096, requested: 8889 }],
    ['Ollama error body', '{"error":{"code":400,"message":"request exceeds the available context size","type":"exceed_context_size_error","n_prompt_tokens":8889,"n_ctx":4096}}', { limit: 4096, requested: 8889 }],
  ])('%s', (_name, text, expected) => {
    expect(parseContextLimit(text)).toEqual(expected);
  });

  it('states nothing when the wording gives no numbers (Ollama)', () => {
    expect(parseContextLimit('the input length exceeds the context length')).toEqual({});
    expect(parseContextLimit('the prompt is longer than the context length currently available to the model')).toEqual({});
  });
});

describe('context-length errors from every server keep their own words', () => {
  const ctx = { providerLabel: 'the server', baseUrl: 'http://127.0.0.1:1/v1', model: 'local', keyHint: 'OPENAI_API_KEY' };
  it.each([
    'request (8889 tokens) exceeds the available context size (4096 tokens), try increasing it',
    'input length and `max_tokens` exceed context limit: 197000 + 8192 > 200000, decrease input length or `max_tokens` and try again',
    'the input length exceeds the context length',
  ])('%s', (message) => {
    const classified = classifyProviderError({ status: 400, error: { error: { message } } }, ctx);
    expect(classified.error.kind).toBe('context_length');
    expect(classified.error.detail).toBe(message);
  });
});
