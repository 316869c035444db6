// Starts the built CLI as `rein mcp serve` in a throwaway project and connects the MCP SDK's own client to it over stdio.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { ElicitRequestSchema, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';

const cli = resolve('dist/cli.js');

export interface Project {
  dir: string;
  home: string;
  /** The server's TMPDIR. */
  temp: string;
  remove(): void;
}

/** A project folder holding notes.txt and `files`, and a home of its own (so no user settings leak in). */
export function project(files: Record<string, string> = {}): Project {
  const root = mkdtempSync(join(tmpdir(), 'rein-mcp-serve-test-'));
  const dir = join(root, 'project');
  const home = join(root, 'home');
  const temp = join(home, 'tmp');
  mkdirSync(dir);
  mkdirSync(temp, { recursive: true });
  writeFileSync(join(dir, 'notes.txt'), 'hello\n');
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return { dir, home, temp, remove: () => rmSync(root, { recursive: true, force: true }) };
}

export interface Served {
  client: Client;
  /** The questions the server put to the client, in order. */
  asked: string[];
  /** Errors the client's transport saw: a line on stdout that is no protocol message shows up here. */
  errors: Error[];
  stderr(): string;
  call(name: string, args: Record<string, unknown>): Promise<{ text: string; isError: boolean }>;
  close(): Promise<void>;
}

/**
 * `answer` set: the client declares form elicitation and answers every question so; unset: it declares none.
 */
export async function serve(p: Project, opts: { args?: string[]; answer?: 'accept' | 'decline' | 'cancel' } = {}): Promise<Served> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [cli, 'mcp', 'serve', ...(opts.args ?? [])],
    cwd: p.dir,
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: p.home, REIN_HOME: join(p.home, '.rein'), TMPDIR: p.temp, CI: 'true' },
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => { stderr += chunk.toString('utf8'); });
  const errors: Error[] = [];
  const asked: string[] = [];
  const client = new Client({ name: 'rein-test', version: '1.0.0' }, { capabilities: opts.answer ? { elicitation: { form: {} } } : {} });
  client.onerror = (error) => errors.push(error);
  if (opts.answer) {
    const action = opts.answer;
    client.setRequestHandler(ElicitRequestSchema, (request) => {
      asked.push(request.params.message);
      return action === 'accept' ? { action, content: {} } : { action };
    });
  }
  await client.connect(transport);
  return {
    client, asked, errors,
    stderr: () => stderr,
    async call(name, args) {
      const result = (await client.callTool({ name, arguments: args }, undefined, { timeout: 60_000 })) as CallToolResult;
      const text = result.content.map((part) => (part.type === 'text' ? part.text : `[${part.type}]`)).join('\n');
      return { text, isError: result.isError === true };
    },
    close: () => client.close(),
  };
}
