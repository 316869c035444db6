// Benchmarks `rein -p` on a scripted 4-turn task against the mock server: wall time, peak RSS, startup, request size, harness time.
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { execa } from 'execa';
import { startMockLlmServer, type MockTurn } from '../__tests__/support/mockLlmServer.js';
import { shareCodeCache } from './codeCache.js';
import { startCodexBench, codexExecutable, type CodexFigures } from './codex.js';
import { kb, mb, median, ms, row } from './stats.js';

// REIN_BENCH_CLI points at another build, as for the render bench.
const cli = resolve(process.env.REIN_BENCH_CLI ?? 'dist/cli.js');
const fixture = resolve('__tests__/e2e/fixtures/buggy-repo');
const probe = resolve('bench/rssProbe.cjs');

/** `paced`: the reply asking for bash streams 10 ms apart, as a model writes it, rather than all at once. */
const script = (paced = false): MockTurn[] => [
  { toolCalls: [{ name: 'read_file', input: { path: 'math.js' } }, { name: 'read_file', input: { path: 'test.js' } }] },
  { toolCalls: [{ name: 'edit_file', input: { path: 'math.js', old_string: 'return a - b;', new_string: 'return a + b;' } }] },
  { toolCalls: [{ name: 'bash', input: { command: 'node test.js' } }], ...(paced ? { chunkDelayMs: 10 } : {}) },
  { text: 'Fixed: add now adds, and the test passes.' },
];

interface RunFigures { wallMs: number; rss: number; firstRequestMs: number; firstRequestBytes: number; harnessMs: number[]; bashGapMs: number; bashOwnMs: number }

interface RunOptions {
  /** Makes the folder a git repository first, as most are (checkpoints then snapshot with git). */
  git?: boolean;
  /** The reply asking for bash streams 10 ms apart. */
  paced?: boolean;
  wire?: 'openai' | 'anthropic';
}

async function runOnce({ git = false, paced = false, wire = 'openai' }: RunOptions = {}): Promise<RunFigures> {
  const repo = mkdtempSync(join(tmpdir(), 'rein-bench-repo-'));
  const home = mkdtempSync(join(tmpdir(), 'rein-bench-home-'));
  shareCodeCache(home);
  cpSync(fixture, repo, { recursive: true });
  if (git) {
    await execa('git', ['init', '-q'], { cwd: repo });
    await execa('git', ['add', '.'], { cwd: repo });
    await execa('git', ['-c', 'user.name=bench', '-c', 'user.email=bench@localhost', '-c', 'commit.gpgSign=false', 'commit', '-qm', 'start'], { cwd: repo });
  }
  const server = await startMockLlmServer({ turns: script(paced) });
  const rssFile = join(home, 'rss');
  try {
    const started = Date.now();
    const provider = wire === 'openai'
      ? ['--provider', 'openai', '--base-url', server.openaiBaseUrl, '--model', 'bench']
      : ['--provider', 'anthropic', '--base-url', server.anthropicBaseUrl, '--model', 'claude-bench'];
    const run = await execa('node', [cli, '-p', 'fix the failing test', ...provider, '--output-format', 'rein-events'], {
      cwd: repo,
      env: { REIN_HOME: home, OPENAI_API_KEY: 'sk-bench', ANTHROPIC_API_KEY: 'sk-ant-bench', NODE_OPTIONS: `--require ${probe}`, REIN_BENCH_RSS_FILE: rssFile },
    });
    const wallMs = Date.now() - started;
    const events = run.stdout.trim().split('\n').map((l) => JSON.parse(l) as { type: string; durationMs?: number; toolCallId?: string });
    // Tool time per round: the round's longest call (read-only calls of a round run side by side).
    const rounds: number[] = [];
    let current = -1;
    for (const event of events) {
      if (event.type === 'message_end') { current += 1; rounds[current] = 0; }
      if (event.type === 'tool_end') rounds[current] = Math.max(rounds[current], event.durationMs ?? 0);
    }
    const req = server.requests;
    const harnessMs = req.slice(1).map((r, i) => r.receivedAt - (req[i].respondedAt ?? req[i].receivedAt) - (rounds[i] ?? 0));
    // The third reply asks for `node test.js`; from its end to the next request is the time around one bash call.
    const bashGapMs = req[3].receivedAt - (req[2].respondedAt ?? req[2].receivedAt);
    return {
      wallMs, rss: Number(readFileSync(rssFile, 'utf8')), firstRequestMs: req[0].receivedAt - started, firstRequestBytes: req[0].bytes, harnessMs,
      bashGapMs, bashOwnMs: harnessMs[2],
    };
  } finally {
    await server.close();
    rmSync(repo, { recursive: true, force: true });
    rmSync(home, { recursive: true, force: true });
  }
}

// One POST from a bare node process: what Node itself takes from spawn to a request, rein's floor on this machine.
const bareRequest = `const r=require('node:http').request(process.argv[1]+'/chat/completions',{method:'POST',headers:{'content-type':'application/json'}},(res)=>{res.resume();res.on('end',()=>process.exit(0))});r.end(JSON.stringify({model:'bench',stream:true,messages:[{role:'user',content:'hi'}]}))`;

async function bareRequestMs(): Promise<number> {
  const server = await startMockLlmServer({ turns: [{ text: 'ok' }] });
  try {
    const started = Date.now();
    await execa('node', ['-e', bareRequest, server.openaiBaseUrl]);
    return server.requests[0].receivedAt - started;
  } finally {
    await server.close();
  }
}

export async function benchHeadless(runs = 7): Promise<string[]> {
  await runOnce(); // warm the file cache
  const figures: RunFigures[] = [];
  const inGit: RunFigures[] = [];
  const paced: RunFigures[] = [];
  const anthropic: RunFigures[] = [];
  const bare: number[] = [];
  const codexPath = codexExecutable();
  const codexBench = codexPath ? await startCodexBench(codexPath, fixture) : undefined;
  const codex: CodexFigures[] = [];
  try {
    await codexBench?.runOnce(); // codex's first start in its home
    // Each round runs every side once, codex too when named, so all see the same moments of the machine.
    for (let i = 0; i < runs; i++) {
      bare.push(await bareRequestMs());
      figures.push(await runOnce());
      inGit.push(await runOnce({ git: true }));
      paced.push(await runOnce({ paced: true }));
      anthropic.push(await runOnce({ wire: 'anthropic' }));
      if (codexBench) codex.push(await codexBench.runOnce());
    }
  } finally {
    await codexBench?.close();
  }
  // The command must have run: its failing assertion is what it prints.
  if (!codex.every((f) => f.commandOutput.includes('should be 5'))) throw new Error(`codex did not run the command: ${codex[0]?.commandOutput}`);
  const codexGap = codexBench ? median(codex.map((f) => f.bashGapMs)) : undefined;
  // Without codex at hand the goal has no figure; the last line then says how to get one.
  const gapTarget = codexGap === undefined ? 'codex + 20 ms' : `codex + 20 ms = ${ms(codexGap + 20)}`;
  const lines = [
    `rein -p, scripted 4-turn task (read 2 files in parallel, edit, run test, answer), median of ${runs} runs; each run a fresh home sharing one code cache, as starts after the first have it`,
    row('whole-process wall time', ms(median(figures.map((f) => f.wallMs))), '≤ 400 ms'),
    row('peak RSS', mb(median(figures.map((f) => f.rss))), '≤ 80 MB'),
    row('process start to first request', ms(median(figures.map((f) => f.firstRequestMs))), '≤ 100 ms'),
    row('  the same in a git repository (checkpoints by git)', ms(median(inGit.map((f) => f.firstRequestMs))), '≤ 100 ms'),
    row('  the same on the Anthropic wire', ms(median(anthropic.map((f) => f.firstRequestMs))), '≤ 100 ms'),
    row('  floor: a bare node process sending one request', ms(median(bare))),
    row('first request body (all built-in tools)', kb(median(figures.map((f) => f.firstRequestBytes))), '≤ 9 KB'),
    row('harness time per turn (tool time excluded)', ms(median(figures.flatMap((f) => f.harnessMs)))),
    row('reply asking for bash to next request', ms(median(figures.map((f) => f.bashGapMs))), gapTarget),
    row('  the same in a git repository (a snapshot after the command)', ms(median(inGit.map((f) => f.bashGapMs))), gapTarget),
    row('  the same on the Anthropic wire', ms(median(anthropic.map((f) => f.bashGapMs))), gapTarget),
    row('  of it rein\'s own (bash tool time excluded)', ms(median(figures.map((f) => f.bashOwnMs)))),
    // The grammar a command is judged with loads while the call streams: a reply sent all at once leaves it no time.
    row('  the same with the call streamed as a model writes it (10 ms apart)', ms(median(paced.map((f) => f.bashGapMs)))),
  ];
  if (codexGap === undefined) return [...lines, '  codex not measured: set REIN_BENCH_CODEX to a codex executable to measure it beside rein, run for run'];
  return [
    ...lines,
    `codex exec beside it, run for run (a 2-turn task: the reply asks for \`node test.js\`, then the answer; its sandbox off), median of ${runs} runs`,
    row('process start to first request', ms(median(codex.map((f) => f.firstRequestMs)))),
    row('reply asking for the command to next request', ms(codexGap)),
    row('whole-process wall time (2 turns)', ms(median(codex.map((f) => f.wallMs)))),
  ];
}
