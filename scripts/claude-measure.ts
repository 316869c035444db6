// Measures what a headless agent sends for a prompt: starts a local mock of the Anthropic Messages API that logs every
// request, runs `claude -p` (a Claude Code binary you installed yourself) and/or rein's built CLI in a project folder,
// and prints the last user text each sent, or what each answered without calling the model.
// Usage: npx tsx scripts/claude-measure.ts --project DIR [--home DIR] [--claude PATH] [--rein] PROMPT...
// --home gives both a home folder of their own (their ~/.claude, their settings), so yours is neither read nor written.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { execa } from 'execa';

interface Logged {
  model?: string;
  messages?: Array<{ role: string; content: string | Array<{ type: string; text?: string }> }>;
}

/** Answers every Messages request with a short streamed "ok", keeping each request body. */
function startMock(log: Logged[]): Promise<{ url: string; close: () => void }> {
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      if (!req.url?.startsWith('/v1/messages') || req.url.includes('count_tokens')) {
        res.writeHead(200, { 'content-type': 'application/json' }).end(req.url?.includes('count_tokens') ? '{"input_tokens":1}' : '{}');
        return;
      }
      const request = JSON.parse(body) as Logged & { stream?: boolean };
      log.push(request);
      const message = { id: 'msg_1', type: 'message', role: 'assistant', model: request.model, content: [], stop_reason: null, stop_sequence: null, usage: { input_tokens: 1, output_tokens: 1 } };
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      const send = (type: string, data: object) => res.write(`event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`);
      send('message_start', { message });
      send('content_block_start', { index: 0, content_block: { type: 'text', text: '' } });
      send('content_block_delta', { index: 0, delta: { type: 'text_delta', text: 'ok' } });
      send('content_block_stop', { index: 0 });
      send('message_delta', { delta: { stop_reason: 'end_turn', stop_sequence: null }, usage: { output_tokens: 1 } });
      send('message_stop', {});
      res.end();
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => server.close() })));
}

/** The newest user text of the first request: the expanded message, without reminders and command tags. */
function lastUserText(log: Logged[]): string | undefined {
  const user = log[0]?.messages?.filter((m) => m.role === 'user').at(-1);
  if (!user) return undefined;
  const blocks = typeof user.content === 'string' ? [{ type: 'text', text: user.content }] : user.content;
  const texts = blocks.filter((b) => b.type === 'text' && b.text && !b.text.startsWith('<system-reminder>') && !b.text.startsWith('<command-'));
  return texts.at(-1)?.text?.replace(/\n*<system-reminder>[\s\S]*$/, '');
}

async function measure(label: string, command: string, args: string[], project: string, env: Record<string, string>): Promise<void> {
  const log: Logged[] = [];
  const mock = await startMock(log);
  try {
    // The mock answers in this process, so the agent runs beside it, not blocking it.
    const run = await execa(command, args, {
      cwd: project,
      env: { ...env, ANTHROPIC_BASE_URL: mock.url, REIN_BASE_URL: mock.url, ANTHROPIC_API_KEY: 'dummy' },
      reject: false,
      timeout: 120_000,
      stdin: 'ignore',
    });
    const sent = lastUserText(log);
    process.stdout.write(`${label}: exit ${run.exitCode}${log.length ? '' : `, no request; answered ${JSON.stringify(run.stdout.trim())}`}\n`);
    if (sent !== undefined) process.stdout.write(`  model ${log[0].model}, sent ${JSON.stringify(sent)}\n`);
  } finally {
    mock.close();
  }
}

async function main(argv: string[]): Promise<void> {
  const value = (flag: string) => (argv.includes(flag) ? argv[argv.indexOf(flag) + 1] : undefined);
  const project = path.resolve(value('--project') ?? '.');
  const claude = value('--claude');
  const home = value('--home');
  const prompts = argv.filter((a, i) => !a.startsWith('--') && !['--project', '--claude', '--home'].includes(argv[i - 1] ?? ''));
  if (prompts.length === 0 || (!claude && !argv.includes('--rein'))) {
    process.stderr.write('Give --claude PATH and/or --rein, and one or more prompts.\n');
    process.exitCode = 2;
    return;
  }
  const homes: Record<string, string> = home ? { HOME: path.resolve(home), REIN_HOME: path.join(path.resolve(home), '.rein') } : {};
  const quiet = { ...homes, CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1', DISABLE_AUTOUPDATER: '1' };
  const cli = path.resolve(import.meta.dirname, '..', 'dist', 'cli.js');
  for (const prompt of prompts) {
    process.stdout.write(`# ${prompt}\n`);
    if (claude) await measure('claude', claude, ['-p', prompt], project, quiet);
    if (argv.includes('--rein')) await measure('rein', process.execPath, [cli, '-p', prompt, '--provider', 'anthropic', '--model', 'claude-opus-4-8'], project, homes);
  }
}

void main(process.argv.slice(2));
