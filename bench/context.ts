// Benchmarks the context engine: token counting speed, compaction time on a 200-message history, and prefix
// stability over a 50-turn scripted session.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { applySummary, microCompact, planCompaction, summaryRequest, summarySystemPrompt } from '../source/engine/compaction/index.js';
import { assembleSession } from '../source/cli/assembleSession.js';
import { TokenCounter } from '../source/engine/tokens.js';
import { createScriptedProvider } from '../source/providers/scripted.js';
import type { Message } from '../source/protocol/messages.js';
import { builtinTools } from '../source/tools/builtins.js';
import { defineTool, textResult } from '../source/tools/types.js';
import { ms, row } from './stats.js';
import { runEvents } from '../__tests__/support/runEvents.js';

const code = (i: number) =>
  `export function handler${i}(request: Request): Response {\n  const value = request.params.get('id') ?? ${i};\n  // validate the input before use\n  return new Response(JSON.stringify({ ok: true, value }));\n}\n`;

function history200(): Message[] {
  const out: Message[] = [{ role: 'user', content: [{ type: 'text', text: 'Refactor the request handlers and keep the tests green.' }] }];
  for (let i = 0; out.length < 200; i++) {
    out.push({ role: 'assistant', content: [{ type: 'text', text: `Reading handler ${i}.` }, { type: 'tool_use', id: `c${i}`, name: 'read_file', input: { path: `src/h${i}.ts` } }] });
    out.push({ role: 'user', content: [{ type: 'tool_result', toolUseId: `c${i}`, content: Array.from({ length: 12 }, (_, k) => code(i * 12 + k)).join('') }] });
  }
  return out;
}

function timeIt(fn: () => void, repeat: number): number {
  const started = performance.now();
  for (let i = 0; i < repeat; i++) fn();
  return (performance.now() - started) / repeat;
}

async function prefixStability(turns: number, window: number): Promise<{ requests: number; breaks: number; compactions: number; stableShare: number }> {
  const home = mkdtempSync(join(tmpdir(), 'rein-bench-ctx-'));
  const filler = defineTool<{ n: number }>({
    name: 'probe', description: 'returns text', readOnly: true,
    inputSchema: { type: 'object', properties: { n: { type: 'number' } }, required: ['n'] },
    async execute(args) { return textResult(code(args.n).repeat(20)); },
  });
  let made = 0;
  const provider = createScriptedProvider((request) => {
    if (request.system === summarySystemPrompt) return { text: '## Goals\nBenchmark.\n## Current state\nProbing.' };
    return made < turns ? { toolCalls: [{ name: 'probe', input: { n: ++made } }] } : { text: 'done' };
  });
  const session = assembleSession({
    provider, providerName: 'scripted', model: 'bench', tools: [...builtinTools, filler], cwd: home, workspace: home, mode: 'yolo',
    interactive: false, maxTokens: 1000, maxTurns: 0, sessionsDir: join(home, 'sessions'), contextWindow: window,
  });
  let compactions = 0;
  await runEvents(session, 'probe fifty times', undefined, (event) => { if (event.type === 'compaction') compactions++; });
  await session.close();
  rmSync(home, { recursive: true, force: true });
  const requests = provider.requests.filter((r) => r.system !== summarySystemPrompt);
  let breaks = 0;
  let stableBytes = 0;
  let totalBytes = 0;
  for (let i = 1; i < requests.length; i++) {
    const before = JSON.stringify([requests[i - 1].system, requests[i - 1].tools, requests[i - 1].messages]).slice(0, -2);
    const after = JSON.stringify([requests[i].system, requests[i].tools, requests[i].messages]);
    totalBytes += after.length;
    if (after.startsWith(before)) stableBytes += before.length;
    else breaks++;
  }
  return { requests: requests.length, breaks, compactions, stableShare: stableBytes / totalBytes };
}

export async function benchContext(): Promise<string[]> {
  const counter = new TokenCounter();
  const buildStart = performance.now();
  counter.count('warm up the encoder');
  const buildMs = performance.now() - buildStart;
  const text = Array.from({ length: 3000 }, (_, i) => code(i)).join('');
  const tokens = counter.count(text);
  const countMs = timeIt(() => counter.count(text), 5);

  const history = history200();
  const planMs = timeIt(() => planCompaction(history, { keepBudgetTokens: 30_000, counter: new TokenCounter() }), 5);
  const plan = planCompaction(history, { keepBudgetTokens: 30_000, counter })!;
  const applyMs = timeIt(() => { summaryRequest(plan.older); applySummary(plan, 'summary'); }, 20);
  const microMs = timeIt(() => microCompact(history, { window: 100_000, counter: new TokenCounter(), minFreedRatio: 0 }), 5);

  const stable = await prefixStability(50, 1_000_000);
  const squeezed = await prefixStability(50, 40_000);
  return [
    'context engine',
    row('tokenizer build (once per process)', ms(buildMs)),
    row('tokens counted per second', `${Math.round(tokens / (countMs / 1000)).toLocaleString('en-US')}`),
    row('plan compaction, 200-message history (cold cache)', ms(planMs)),
    row('summary request + apply (LLM call excluded)', ms(applyMs)),
    row('micro compaction, 200-message history', ms(microMs)),
    row('50-turn session, no compaction: prefix breaks', `${stable.breaks} of ${stable.requests - 1}`, '0'),
    row('  share of each request that repeats the last', `${(stable.stableShare * 100).toFixed(1)} %`),
    row('50-turn session in a 40k window: compactions', `${squeezed.compactions}`),
    row('  prefix breaks (only at compactions)', `${squeezed.breaks} of ${squeezed.requests - 1}`, `≤ ${squeezed.compactions}`),
  ];
}
