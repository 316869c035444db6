// Measures codex beside rein at the same machine moment, when a codex executable is at hand: REIN_BENCH_CODEX names
// it (for example the `codex` an npm install of @openai/codex puts on the PATH). codex speaks OpenAI's Responses API,
// so a local server streams that format here: the first reply asks for `node test.js` through codex's exec_command
// tool, the second answers. The figures are the two rein's goals are set beside: process start to first request, and
// the end of the reply asking for the command to the next request.
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execa } from 'execa';

export interface CodexFigures {
  firstRequestMs: number;
  bashGapMs: number;
  wallMs: number;
  /** What the command printed, as codex sent it back: the proof that it ran. */
  commandOutput: string;
}

interface Seen {
  receivedAt: number;
  respondedAt?: number;
  body: string;
}

const usage = { input_tokens: 10, input_tokens_details: { cached_tokens: 0 }, output_tokens: 2, output_tokens_details: { reasoning_tokens: 0 }, total_tokens: 12 };

/** The Responses API's stream of one output item. */
function streamItem(res: ServerResponse, id: string, item: Record<string, unknown>): void {
  const events = [
    { type: 'response.created', response: { id, object: 'response', status: 'in_progress', model: 'bench', output: [] } },
    { type: 'response.output_item.added', output_index: 0, item: { ...item, status: 'in_progress', ...(item.type === 'message' ? { content: [] } : { arguments: '' }) } },
    { type: 'response.output_item.done', output_index: 0, item },
    { type: 'response.completed', response: { id, object: 'response', status: 'completed', model: 'bench', output: [item], usage } },
  ];
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  res.end(events.map((event, i) => `event: ${event.type}\ndata: ${JSON.stringify({ ...event, sequence_number: i })}\n\n`).join(''));
}

function answer(seen: Seen[], req: IncomingMessage, res: ServerResponse): void {
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    if (!req.url?.endsWith('/responses')) {
      res.writeHead(404).end();
      return;
    }
    const one: Seen = { receivedAt: Date.now(), body: Buffer.concat(chunks).toString('utf8') };
    seen.push(one);
    res.on('finish', () => (one.respondedAt = Date.now()));
    const n = seen.length;
    if (!one.body.includes('function_call_output')) {
      streamItem(res, `resp_${n}`, { id: `fc_${n}`, type: 'function_call', status: 'completed', call_id: 'call_1', name: 'exec_command', arguments: JSON.stringify({ cmd: 'node test.js' }) });
    } else {
      streamItem(res, `resp_${n}`, { id: `msg_${n}`, type: 'message', role: 'assistant', status: 'completed', content: [{ type: 'output_text', text: 'Done.', annotations: [] }] });
    }
  });
}

/** The codex executable to measure, or undefined when none is named. */
export const codexExecutable = (): string | undefined => process.env.REIN_BENCH_CODEX || undefined;

/** A codex home pointing at a local server. */
function codexHome(baseUrl: string): string {
  const home = mkdtempSync(join(tmpdir(), 'rein-bench-codex-'));
  writeFileSync(join(home, 'config.toml'), [
    'model = "bench"', 'model_provider = "bench"', '', '[model_providers.bench]', 'name = "bench"', `base_url = "${baseUrl}"`, 'wire_api = "responses"', '',
  ].join('\n'));
  return home;
}

export interface CodexBench {
  /** One run of the two-turn task in a fresh copy of the fixture. */
  runOnce: () => Promise<CodexFigures>;
  close: () => Promise<void>;
}

/**
 * A server and a codex home kept across runs, as a user's home is. Commands run with codex's sandbox off, as rein's
 * bench runs them without one.
 */
export async function startCodexBench(codex: string, fixture: string): Promise<CodexBench> {
  let seen: Seen[] = [];
  const server = createServer((req, res) => answer(seen, req, res));
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const home = codexHome(`http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`);
  const runOnce = async (): Promise<CodexFigures> => {
    seen = [];
    const repo = mkdtempSync(join(tmpdir(), 'rein-bench-repo-'));
    cpSync(fixture, repo, { recursive: true });
    try {
      const started = Date.now();
      await execa(codex, ['exec', '--dangerously-bypass-approvals-and-sandbox', '--skip-git-repo-check', 'fix the failing test'], {
        cwd: repo, env: { CODEX_HOME: home, OPENAI_API_KEY: 'sk-bench' }, stdin: 'ignore', timeout: 60_000,
      });
      const wallMs = Date.now() - started;
      if (seen.length < 2) throw new Error(`codex sent ${seen.length} request(s), not the two of the task`);
      const input = (JSON.parse(seen[1].body) as { input: Array<{ type: string; output?: string }> }).input;
      const commandOutput = input.find((item) => item.type === 'function_call_output')?.output ?? '';
      return { firstRequestMs: seen[0].receivedAt - started, bashGapMs: seen[1].receivedAt - (seen[0].respondedAt ?? seen[0].receivedAt), wallMs, commandOutput };
    } finally {
      rmSync(repo, { recursive: true, force: true });
    }
  };
  const close = async (): Promise<void> => {
    await new Promise((done) => server.close(done));
    rmSync(home, { recursive: true, force: true });
  };
  return { runOnce, close };
}
