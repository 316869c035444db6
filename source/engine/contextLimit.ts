// Reads the model's real context window (and the size of the rejected request) from a provider's context-length error.

export interface ContextLimit {
  /** The window the server enforces, in tokens. */
  limit?: number;
  /** The input tokens of the rejected request, as the server counted them. */
  requested?: number;
}

const num = (text: string | undefined): number | undefined => {
  if (text === undefined) return undefined;
  const value = Number(text.replace(/,/g, ''));
  return Number.isFinite(value) && value > 0 ? value : undefined;
};

const N = '(\\d[\\d,]*)';

/** Wordings of the servers rein talks to, each giving the limit, the request's size, or both. */
const patterns: Array<{ re: RegExp; limit?: number; requested?: number }> = [
  // Anthropic: "prompt is too long: 208310 tokens > 200000 maximum"
  { re: new RegExp(`prompt is too long: ${N} tokens > ${N} maximum`, 'i'), requested: 1, limit: 2 },
  // Anthropic: "input length and `max_tokens` exceed context limit: 197000 + 8192 > 200000"
  { re: new RegExp(`exceed context limit: ${N} \\+ ${N} > ${N}`, 'i'), requested: 1, limit: 3 },
  // OpenAI and vLLM: "This model's maximum context length is 4096 tokens."
  { re: new RegExp(`maximum context length is ${N} tokens`, 'i'), limit: 1 },
  // OpenAI: "However, your messages resulted in 130512 tokens."
  { re: new RegExp(`messages resulted in ${N} tokens`, 'i'), requested: 1 },
  // vLLM: "you requested 5122 tokens (4098 in the messages, 1024 in the completion)"
  { re: new RegExp(`${N} in the messages`, 'i'), requested: 1 },
  // vLLM: "your request has 3500 input tokens"
  { re: new RegExp(`request has ${N} input tokens`, 'i'), requested: 1 },
  // llama.cpp (and Ollama on it): "request (8889 tokens) exceeds the available context size (4096 tokens)"
  { re: new RegExp(`request \\(${N} tokens\\) exceeds the available context size \\(${N} tokens\\)`, 'i'), requested: 1, limit: 2 },
  // llama.cpp's error body: "n_prompt_tokens":8889,"n_ctx":4096
  { re: new RegExp(`n_prompt_tokens\\\\?"?\\s*[:=]\\s*${N}`, 'i'), requested: 1 },
  { re: new RegExp(`n_ctx\\\\?"?\\s*[:=]\\s*${N}`, 'i'), limit: 1 },
];

/** Whatever the error text says about the window; fields it does not state stay unset. */
export function parseContextLimit(text: string): ContextLimit {
  const out: ContextLimit = {};
  for (const { re, limit, requested } of patterns) {
    const match = re.exec(text);
    if (!match) continue;
    if (limit !== undefined && out.limit === undefined) out.limit = num(match[limit]);
    if (requested !== undefined && out.requested === undefined) out.requested = num(match[requested]);
  }
  return out;
}
