// Shared helpers for provider tests: drain a provider stream and build small requests.
import type { Provider, ProviderEvent, ProviderRequest, ToolSchema } from '../../source/providers/types.js';
import type { Message } from '../../source/protocol/messages.js';
import { READ_GAP_MS } from '../../source/providers/sse.js';

/** A pause between the mock server's chunks long enough that each arrives in a read of its own (deltas one read brings are joined). */
export const apart = READ_GAP_MS * 2;

export async function collect(gen: AsyncGenerator<ProviderEvent>): Promise<ProviderEvent[]> {
  const events: ProviderEvent[] = [];
  for await (const event of gen) events.push(event);
  return events;
}

export type DoneEvent = Extract<ProviderEvent, { type: 'done' }>;

export function doneOf(events: ProviderEvent[]): DoneEvent {
  const last = events.at(-1);
  if (!last || last.type !== 'done') throw new Error(`stream did not end with done: ${JSON.stringify(events.at(-1))}`);
  return last;
}

export const textDeltas = (events: ProviderEvent[]): string =>
  events.flatMap((e) => (e.type === 'text_delta' ? [e.text] : [])).join('');

export const readTool: ToolSchema = {
  name: 'read_file',
  description: 'Reads a file.',
  inputSchema: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] },
};
export const bashTool: ToolSchema = {
  name: 'bash',
  description: 'Runs a command.',
  inputSchema: { type: 'object', properties: { command: { type: 'string' } }, required: ['command'] },
};

export function request(messages: Message[], extra: Partial<ProviderRequest> = {}): ProviderRequest {
  return {
    system: 'You are rein.',
    tools: [readTool, bashTool],
    messages,
    options: { model: 'test-model', maxTokens: 1024 },
    ...extra,
  };
}

export const userText = (text: string): Message => ({ role: 'user', content: [{ type: 'text', text }] });

/** Runs one call with a fresh, never-aborted signal. */
export const run = (provider: Provider, req: ProviderRequest) => collect(provider.stream(req, new AbortController().signal));

/** A sleep that records the wait and returns at once, so retry tests never wait on the clock. */
export function recordingSleep(): { sleep: (ms: number, signal: AbortSignal) => Promise<void>; waits: number[] } {
  const waits: number[] = [];
  return { waits, sleep: async (ms: number) => void waits.push(ms) };
}
