// The built CLI talks to both wire formats without ever loading Node's fetch implementation (undici): the SDKs get
// rein's Headers and FormData from the bundle (scripts/bundleSwaps.mjs) and httpFetch answers with its own Response.
// Loading it costs 17-50 ms before the first request and about 9 MB.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startMockLlmServer, type MockLlmServer } from '../support/mockLlmServer.js';
import { anthropicArgs, jsonLines, openaiArgs, runRein, scratch, type Scratch } from '../support/headlessRun.js';

const preload = resolve('__tests__/fixtures/preload/loadedModules.cjs');
let server: MockLlmServer | undefined;
let dir: Scratch | undefined;
afterEach(async () => {
  await server?.close();
  dir?.remove();
});

describe.each([
  ['openai', openaiArgs, (headers: Record<string, unknown>) => expect(headers.authorization).toBe('Bearer sk-test')],
  ['anthropic', anthropicArgs, (headers: Record<string, unknown>) => {
    expect([headers['x-api-key'], headers.authorization]).toContain('Bearer sk-ant-test');
    expect(headers['anthropic-version']).toEqual(expect.any(String));
  }],
] as const)('rein -p over %s', (_name, args, checkKey) => {
  it('retries a refusal as its retry-after says, runs a tool and answers, and never loads undici or web streams', async () => {
    server = await startMockLlmServer({
      turns: [
        { fault: { kind: 'status', status: 429, retryAfter: 0, message: 'slow down' } },
        { toolCalls: [{ name: 'read_file', input: { path: 'notes.txt' } }] },
        { text: 'The notes say hello.' },
      ],
    });
    dir = scratch();
    const modulesFile = join(dir.home, 'modules.txt');
    const run = await runRein(dir, ['-p', 'read the notes', ...args(server), '--output-format', 'rein-events'], {
      env: { NODE_OPTIONS: `--require ${preload}`, REIN_TEST_MODULES_FILE: modulesFile },
    });
    expect(run.stderr).toBe('');
    expect(run.exitCode).toBe(0);
    const events = jsonLines(run.stdout);
    // retry-after: 0 came through the response headers; without it the wait is 0.5 s give or take a quarter.
    expect(events.filter((e) => e.type === 'retry').map((e) => e.delayMs)).toEqual([0]);
    expect(events.find((e) => e.type === 'tool_end')?.isError).not.toBe(true);
    expect(events.find((e) => e.type === 'run_end')).toMatchObject({ reason: 'done', text: 'The notes say hello.' });
    expect(server.requests).toHaveLength(3);
    for (const request of server.requests) {
      checkKey(request.headers);
      expect(request.headers['content-type']).toBe('application/json');
    }
    // The tool's result went back in the last request.
    expect(JSON.stringify(server.requests[2].body)).toContain('hello');
    const loaded = readFileSync(modulesFile, 'utf8').split('\n');
    expect(loaded).toContain('http');
    expect(loaded).not.toContain('internal/deps/undici/undici');
    // Nor Node's web streams, which the SDKs' body checks loaded for every JSON body (3-4 ms at the first request).
    expect(loaded).not.toContain('internal/webstreams/readablestream');
  });
});
