// A local server's own window is asked for and believed: Ollama (num_ctx, else the loaded model's context, else its
// default), llama.cpp (/props n_ctx) and vLLM (max_model_len), through the real OpenAI SDK session; never 128k assumed.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AgentEvent } from '../../source/protocol/events.js';
import { OLLAMA_DEFAULT_WINDOW, servedWindow } from '../../source/providers/servedWindow.js';
import { closeSdkSessions, sdkSession } from '../support/sdkSession.js';
import { startMockLlmServer, type MockLlmServer } from '../support/mockLlmServer.js';
import { runEvents } from '../support/runEvents.js';
import { createProvider } from '../../source/providers/index.js';
import type { Provider } from '../../source/providers/types.js';

let server: MockLlmServer | undefined;
afterEach(async () => {
  await closeSdkSessions(server);
  server = undefined;
});

const sessionOn = (s: MockLlmServer, model: string, contextWindow?: number) =>
  sdkSession(s, { model, maxTurns: 5, ...(contextWindow !== undefined ? { contextWindow } : {}) });

async function runOnce(s: MockLlmServer, model: string, contextWindow?: number) {
  s.push({ text: 'hello' });
  const session = sessionOn(s, model, contextWindow);
  const events: AgentEvent[] = [];
  events.push(...(await runEvents(session, 'hi')));
  const window = session.settings.info.contextWindow;
  await session.close();
  const usage = events.find((e) => e.type === 'usage') as Extract<AgentEvent, { type: 'usage' }> | undefined;
  const notes = events.filter((e) => e.type === 'warning').map((e) => (e as { message: string }).message);
  return { window, usageWindow: usage?.context.window, notes, end: events.find((e) => e.type === 'run_end') };
}

const signal = () => new AbortController().signal;

describe('the window a local server serves', () => {
  it("Ollama: the model's num_ctx replaces the 131k rein knows qwen by, and it is said once", async () => {
    server = await startMockLlmServer({ models: ['qwen3:4b'], served: { ollama: { parameters: 'temperature 0.6\nnum_ctx 8192\nstop "<|im_end|>"', running: [{ name: 'qwen3:4b', context_length: 4096 }] } } });
    const run = await runOnce(server, 'qwen3:4b');
    expect(run.end).toMatchObject({ reason: 'done', text: 'hello' });
    expect(run.window).toBe(8192);
    expect(run.usageWindow).toBe(8192);
    expect(run.notes.filter((n) => /window of 8,192 tokens \(Ollama's num_ctx/.test(n))).toHaveLength(1);
  });

  it("Ollama: without num_ctx the loaded model's context_length, else Ollama's default", async () => {
    server = await startMockLlmServer({ served: { ollama: { running: [{ name: 'llama3.2:latest', context_length: 16384 }] } } });
    expect(await servedWindow(server.openaiBaseUrl, 'llama3.2', signal())).toEqual({ tokens: 16384, source: 'the context Ollama runs the model with' });
    expect((await servedWindow(server.openaiBaseUrl, 'mistral:7b', signal()))?.tokens).toBe(OLLAMA_DEFAULT_WINDOW);
  });

  it("llama.cpp: /props n_ctx; vLLM: the model's max_model_len", async () => {
    server = await startMockLlmServer({ served: { llamaCpp: 2048 } });
    expect(await servedWindow(server.openaiBaseUrl, 'whatever.gguf', signal())).toEqual({ tokens: 2048, source: "llama.cpp's n_ctx" });
    await server.close();
    server = await startMockLlmServer({ models: ['Qwen/Qwen3-8B', 'other'], served: { vllm: 32768 } });
    const run = await runOnce(server, 'Qwen/Qwen3-8B');
    expect(run.window).toBe(32768);
    expect(run.notes.some((n) => n.includes("vLLM's max_model_len"))).toBe(true);
  });

  it('a server that says nothing leaves the window as it was; a configured window is never replaced', async () => {
    server = await startMockLlmServer();
    expect(await servedWindow(server.openaiBaseUrl, 'test-model', signal())).toBeUndefined();
    const quiet = await runOnce(server, 'test-model');
    expect(quiet.notes).toEqual([]);
    await server.close();
    server = await startMockLlmServer({ served: { llamaCpp: 2048 } });
    const fixed = await runOnce(server, 'test-model', 50_000);
    expect(fixed.window).toBe(50_000);
    expect(fixed.notes).toEqual([]);
  });

  it('the server is asked while the session is put together, before any run, and once', async () => {
    server = await startMockLlmServer({ models: ['qwen3:4b'], served: { ollama: { parameters: 'num_ctx 8192' } } });
    const real = createProvider({ provider: 'openai', apiKey: 'sk-test', baseUrl: server.openaiBaseUrl, maxRetries: 2, keyHint: 'KEY' });
    const asked: string[] = [];
    const provider: Provider = { ...real, servedWindow: (model, signal) => (asked.push(model), real.servedWindow!(model, signal)) };
    const session = sdkSession(server, { model: 'qwen3:4b', maxTurns: 5, provider });
    await vi.waitFor(() => expect(asked).toEqual(['qwen3:4b']));
    server.push({ text: 'hello' });
    const events = await runEvents(session, 'hi');
    expect(events.find((e) => e.type === 'run_end')).toMatchObject({ reason: 'done' });
    expect(session.settings.info.contextWindow).toBe(8192);
    expect(events.filter((e) => e.type === 'warning' && e.message.includes('window of 8,192 tokens'))).toHaveLength(1);
    expect(asked).toEqual(['qwen3:4b']);
    await session.close();
  });

  it('a server not reached while the session was put together is asked again at the run', async () => {
    server = await startMockLlmServer({ models: ['qwen3:4b'], served: { ollama: { parameters: 'num_ctx 8192' } } });
    const real = createProvider({ provider: 'openai', apiKey: 'sk-test', baseUrl: server.openaiBaseUrl, maxRetries: 2, keyHint: 'KEY' });
    let asks = 0;
    // The first question finds no server (as servedWindow says when none of its questions was answered).
    const provider: Provider = {
      ...real,
      servedWindow: (model, signal) => (asks++ === 0 ? Promise.reject(new Error('not reached')) : real.servedWindow!(model, signal)),
    };
    const session = sdkSession(server, { model: 'qwen3:4b', maxTurns: 5, provider });
    await vi.waitFor(() => expect(asks).toBe(1));
    server.push({ text: 'hello' });
    await runEvents(session, 'hi');
    expect(asks).toBe(2);
    expect(session.settings.info.contextWindow).toBe(8192);
    await session.close();
  });

  it('says the server was not reached when none of its questions got an answer', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    await expect(servedWindow(`http://127.0.0.1:${port}/v1`, 'qwen3:4b', signal())).rejects.toThrow(/did not answer/);
  });
});
