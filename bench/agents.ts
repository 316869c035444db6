// Benchmarks subagents through the real OpenAI SDK against the local mock server: the harness's cost of starting a
// child (task call start to the child's first request), and four parallel explore children against one alone.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { builtinAgents } from '../source/agents/builtinAgents.js';
import { assembleSession } from '../source/cli/assembleSession.js';
import { createProvider } from '../source/providers/index.js';
import { builtinTools } from '../source/tools/builtins.js';
import { startMockLlmServer, type MockTurn } from '../__tests__/support/mockLlmServer.js';
import { median, ms, row } from './stats.js';
import { runEvents } from '../__tests__/support/runEvents.js';

const taskCall = (i: number) => ({ name: 'task', input: { description: `look ${i}`, prompt: `Find thing ${i}.`, subagent_type: 'explore' } });

/** One parent prompt that starts `children` explore children at once; returns ms from each task start to its child's first request, and the task round's wall time. */
async function run(children: number, childTurn: MockTurn): Promise<{ startMs: number[]; wallMs: number }> {
  const home = mkdtempSync(join(tmpdir(), 'rein-bench-agents-'));
  const turns: MockTurn[] = [{ toolCalls: Array.from({ length: children }, (_, i) => taskCall(i)) }, ...Array.from({ length: children }, () => childTurn), { text: 'done' }];
  const server = await startMockLlmServer({ turns });
  const session = assembleSession({
    provider: createProvider({ provider: 'openai', apiKey: 'sk-bench', baseUrl: server.openaiBaseUrl, maxRetries: 1, keyHint: 'OPENAI_API_KEY' }),
    providerName: 'openai', model: 'bench-model', tools: builtinTools, cwd: home, workspace: home, mode: 'yolo', interactive: false,
    maxTokens: 1000, maxTurns: 10, sessionsDir: join(home, 'sessions'),
    agents: { definitions: [...builtinAgents], maxParallel: 4, maxTurns: 5 },
  });
  const taskStarts: number[] = [];
  let roundStart = 0;
  let roundEnd = 0;
  await runEvents(session, 'go', undefined, (event) => {
    if (event.type === 'tool_start' && event.name === 'task') {
      taskStarts.push(Date.now());
      roundStart ||= performance.now();
    }
    if (event.type === 'tool_end' && event.name === 'task') roundEnd = performance.now();
  });
  await session.close();
  // Requests 1..children are the children's first (and only) requests, in arrival order.
  const childRequests = server.requests.slice(1, 1 + children).map((r) => r.receivedAt).sort((a, b) => a - b);
  await server.close();
  rmSync(home, { recursive: true, force: true });
  return { startMs: childRequests.map((at, i) => at - taskStarts[i]), wallMs: roundEnd - roundStart };
}

export async function benchAgents(): Promise<string[]> {
  const quick: MockTurn = { text: 'found it' };
  const starts: number[] = [];
  for (let i = 0; i < 15; i++) starts.push(...(await run(1, quick)).startMs);
  // A child that streams its answer for about a second: 40 chunks, 25 ms apart.
  const slow: MockTurn = { text: 'x'.repeat(160), chunkSize: 4, chunkDelayMs: 25 };
  const alone: number[] = [];
  const four: number[] = [];
  for (let i = 0; i < 3; i++) {
    alone.push((await run(1, slow)).wallMs);
    four.push((await run(4, slow)).wallMs);
  }
  const ratio = median(four) / median(alone);
  return [
    'subagents (real OpenAI SDK against the local mock server)',
    row('task call start to the child\'s first request', ms(median(starts))),
    row('one slow explore child alone, task round wall time', ms(median(alone))),
    row('four slow explore children at once, wall time', ms(median(four))),
    row('four at once against one alone', `${((ratio - 1) * 100).toFixed(0)}% slower`, 'within 15%'),
  ];
}
