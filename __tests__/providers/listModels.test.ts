// The model names a provider lists, read with the real SDKs from the local mock server's GET /v1/models.
import { afterEach, describe, expect, it } from 'vitest';
import { createAnthropicProvider } from '../../source/providers/anthropic.js';
import { createOpenAIProvider } from '../../source/providers/openai.js';
import { startMockLlmServer, type MockLlmServer } from '../support/mockLlmServer.js';

let server: MockLlmServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('listModels', () => {
  it('reads the names an OpenAI-compatible server lists', async () => {
    server = await startMockLlmServer({ models: ['gpt-5', 'local-coder'] });
    const provider = createOpenAIProvider({ apiKey: 'sk-test', baseUrl: server.openaiBaseUrl });
    expect(await provider.listModels!(AbortSignal.timeout(10_000))).toEqual(['gpt-5', 'local-coder']);
  });

  it('reads the names Anthropic lists', async () => {
    server = await startMockLlmServer({ models: ['claude-opus-5', 'claude-sonnet-5-5'] });
    const provider = createAnthropicProvider({ apiKey: 'sk-ant-test', baseUrl: server.anthropicBaseUrl });
    expect(await provider.listModels!(AbortSignal.timeout(10_000))).toEqual(['claude-opus-5', 'claude-sonnet-5-5']);
  });

  it('rejects when the server has no list (a 404), so the caller can say it does not know', async () => {
    server = await startMockLlmServer();
    const provider = createOpenAIProvider({ apiKey: 'sk-test', baseUrl: `${server.url}/elsewhere/v1` });
    await expect(provider.listModels!(AbortSignal.timeout(10_000))).rejects.toThrow();
  });
});
