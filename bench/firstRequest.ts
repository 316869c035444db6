// The first request of a headless run in an empty folder, through both real SDKs: its size, the system prompt's, and each tool's.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { execa } from 'execa';
import { startMockLlmServer, type RecordedRequest } from '../__tests__/support/mockLlmServer.js';
import { kb, row } from './stats.js';

const cli = resolve(process.env.REIN_BENCH_CLI ?? 'dist/cli.js');

export async function firstRequest(
  format: 'openai' | 'anthropic', extraArgs: string[] = [], setup?: (repo: string) => void, env: Record<string, string> = {},
): Promise<RecordedRequest> {
  const repo = mkdtempSync(join(tmpdir(), 'rein-bench-first-'));
  const home = mkdtempSync(join(tmpdir(), 'rein-bench-first-home-'));
  setup?.(repo);
  const server = await startMockLlmServer({ turns: [{ text: 'ok' }] });
  const provider = format === 'openai'
    ? ['--provider', 'openai', '--base-url', server.openaiBaseUrl, '--model', 'bench-model']
    : ['--provider', 'anthropic', '--base-url', server.anthropicBaseUrl, '--model', 'claude-bench'];
  try {
    const run = await execa('node', [cli, '-p', 'hello', ...provider, ...extraArgs], {
      cwd: repo, reject: false, timeout: 60_000, env: { REIN_HOME: home, OPENAI_API_KEY: 'sk-bench', ANTHROPIC_API_KEY: 'sk-ant-bench', ...env },
    });
    if (!server.requests[0]) throw new Error(`rein sent no request: ${run.stderr}`);
    return server.requests[0];
  } finally {
    await server.close();
    rmSync(repo, { recursive: true, force: true });
    rmSync(home, { recursive: true, force: true });
  }
}

/** The system prompt's text and each tool's serialized schema, as the wire format carries them. */
export function requestParts(r: RecordedRequest): { system: string; tools: Array<{ name: string; bytes: number }> } {
  const tools = (r.body.tools ?? []) as Array<Record<string, any>>;
  const system = r.format === 'openai'
    ? String(r.body.messages[0].content)
    : (r.body.system as Array<{ text: string }>).map((b) => b.text).join('\n');
  return {
    system,
    tools: tools.map((t) => ({ name: String(t.name ?? t.function?.name), bytes: Buffer.byteLength(JSON.stringify(t)) })),
  };
}

export async function benchFirstRequest(): Promise<string[]> {
  const out = ['first request of `rein -p` in an empty folder (built-in tools, no instructions, memory or skills)'];
  const requests = { openai: await firstRequest('openai'), anthropic: await firstRequest('anthropic') };
  for (const format of ['openai', 'anthropic'] as const) {
    const r = requests[format];
    const parts = requestParts(r);
    const toolBytes = parts.tools.reduce((sum, t) => sum + t.bytes, 0);
    out.push(
      row(`  ${format}: whole body`, `${kb(r.bytes)} (${r.bytes} B)`, '≤ 9 KB = 9,216 B'),
      row('    system prompt', `${Buffer.byteLength(parts.system)} B`),
      row(`    ${parts.tools.length} tool schemas`, `${toolBytes} B`),
    );
  }
  // Per tool, side by side: the two formats differ only in their wrapping.
  const anthropic = new Map(requestParts(requests.anthropic).tools.map((t) => [t.name, t.bytes]));
  out.push('  bytes per tool (openai / anthropic)');
  for (const tool of requestParts(requests.openai).tools) out.push(row(`    ${tool.name}`, `${tool.bytes} / ${anthropic.get(tool.name) ?? '-'}`));
  return out;
}
