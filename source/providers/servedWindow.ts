// Asks a local OpenAI-compatible server how large a window it serves a model with: Ollama, llama.cpp and vLLM each
// say so in their own place, and their served window is often far below the model's trained one.
import { httpFetch } from './httpFetch.js';

export interface ServedWindow {
  tokens: number;
  /** Where the figure came from, for the one line that tells the user. */
  source: string;
}

/**
 * What Ollama serves a model with when neither the model nor the server sets num_ctx (recent releases; older ones
 * used 2048). Through /v1 a longer prompt is cut silently from the front, so assuming more loses the instructions.
 */
export const OLLAMA_DEFAULT_WINDOW = 4096;

/** Each probe waits this long at most: a server that is up answers these in milliseconds. */
const PROBE_TIMEOUT_MS = 3_000;

async function getJson(url: string, signal: AbortSignal, answered: () => void, body?: unknown): Promise<unknown> {
  const timeout = AbortSignal.timeout(PROBE_TIMEOUT_MS);
  const response = await httpFetch(url, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    signal: AbortSignal.any([signal, timeout]),
  });
  answered();
  if (!response.ok) throw new Error(`status ${response.status}`);
  return response.json();
}

const positive = (n: unknown): number | undefined => (typeof n === 'number' && Number.isFinite(n) && n > 0 ? Math.floor(n) : undefined);
const settled = <T>(p: Promise<T>): Promise<T | undefined> => p.catch(() => undefined);
/** Ollama names a model without a tag as its :latest. */
const ollamaName = (model: string): string => (model.includes(':') ? model : `${model}:latest`);

/** vLLM lists each model's max_model_len in /v1/models. */
function fromVllm(list: unknown, model: string): number | undefined {
  const data = (list as { data?: Array<{ id?: unknown; max_model_len?: unknown }> } | undefined)?.data;
  if (!Array.isArray(data)) return undefined;
  const entry = data.find((m) => m.id === model) ?? (data.length === 1 ? data[0] : undefined);
  return positive(entry?.max_model_len);
}

/** llama.cpp serves one model; /props has the context it was started with. */
function fromLlamaCpp(props: unknown): number | undefined {
  const p = props as { default_generation_settings?: { n_ctx?: unknown }; n_ctx?: unknown } | undefined;
  return positive(p?.default_generation_settings?.n_ctx) ?? positive(p?.n_ctx);
}

/** Ollama: num_ctx among the model's parameters (its Modelfile), else the loaded model's context_length. */
function fromOllama(show: unknown, ps: unknown, model: string): ServedWindow | undefined {
  const parameters = (show as { parameters?: unknown } | undefined)?.parameters;
  const numCtx = typeof parameters === 'string' ? /(?:^|\n)\s*num_ctx\s+(\d+)/.exec(parameters)?.[1] : undefined;
  if (numCtx !== undefined && Number(numCtx) > 0) return { tokens: Number(numCtx), source: "Ollama's num_ctx for the model" };
  const loaded = (ps as { models?: Array<{ name?: unknown; model?: unknown; context_length?: unknown }> } | undefined)?.models;
  const entry = Array.isArray(loaded) ? loaded.find((m) => m.name === ollamaName(model) || m.model === ollamaName(model)) : undefined;
  const running = positive(entry?.context_length);
  if (running !== undefined) return { tokens: running, source: 'the context Ollama runs the model with' };
  return show === undefined ? undefined : { tokens: OLLAMA_DEFAULT_WINDOW, source: "Ollama's default (set num_ctx or OLLAMA_CONTEXT_LENGTH for more)" };
}

/**
 * The window the server at `baseUrl` (an OpenAI-compatible /v1 URL) serves `model` with, or undefined when it does
 * not say. Rejects when the server answered none of the questions (not running, not reached): it may say later.
 */
export async function servedWindow(baseUrl: string, model: string, signal: AbortSignal): Promise<ServedWindow | undefined> {
  const v1 = baseUrl.replace(/\/+$/, '');
  const root = v1.replace(/\/v1$/, '');
  let reached = false;
  const answered = (): void => {
    reached = true;
  };
  const [models, props, show, ps] = await Promise.all([
    settled(getJson(`${v1}/models`, signal, answered)),
    settled(getJson(`${root}/props`, signal, answered)),
    settled(getJson(`${root}/api/show`, signal, answered, { model: ollamaName(model) })),
    settled(getJson(`${root}/api/ps`, signal, answered)),
  ]);
  if (!reached) throw new Error(`The server at ${baseUrl} did not answer.`);
  const vllm = fromVllm(models, model);
  if (vllm !== undefined) return { tokens: vllm, source: "vLLM's max_model_len" };
  const llama = fromLlamaCpp(props);
  if (llama !== undefined) return { tokens: llama, source: "llama.cpp's n_ctx" };
  return fromOllama(show, ps, model);
}
