// Real MCP servers for tests: the reference servers from node_modules/.bin and our own fault server, as config
// entries, plus server-everything over Streamable HTTP on a free port.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import type { McpServerEntry, McpServerSpec } from '../../source/mcp/config.js';

export const binDir = resolve('node_modules/.bin');
export const everythingBin = join(binDir, 'mcp-server-everything');
export const filesystemBin = join(binDir, 'mcp-server-filesystem');
export const faultServerFile = resolve('__tests__/support/mcp/faultServer.mjs');

export const entry = (name: string, spec: McpServerSpec, scope: 'user' | 'project' = 'user'): McpServerEntry => ({
  name, scope, file: '/test/.mcp.json', spec, written: spec,
});

export const stdio = (command: string, args: string[] = [], env: Record<string, string> = {}): McpServerSpec => ({ transport: 'stdio', command, args, env });

export const faultServer = (mode: 'normal' | 'hang' | 'garbage' | 'flood' | 'prompts' | 'slow', marks?: string, env: Record<string, string> = {}): McpServerSpec =>
  stdio(process.execPath, [faultServerFile, mode], { ...(marks ? { FAULT_MARKS: marks } : {}), ...env });

async function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => done(port));
    });
  });
}

/**
 * server-everything over HTTP on a free port (PORT from the environment): `streamableHttp` serves /mcp, `sse` the
 * legacy transport at /sse.
 */
export async function startEverythingHttp(transport: 'streamableHttp' | 'sse' = 'streamableHttp'): Promise<{ url: string; stop: () => Promise<void> }> {
  const port = await freePort();
  const child: ChildProcess = spawn(everythingBin, [transport], { env: { ...process.env, PORT: String(port) }, stdio: ['ignore', 'ignore', 'pipe'] });
  await new Promise<void>((done, fail) => {
    let seen = '';
    const timer = setTimeout(() => fail(new Error(`server-everything did not listen: ${seen}`)), 15_000);
    child.stderr?.on('data', (chunk: Buffer) => {
      seen += chunk.toString();
      if (seen.includes(`port ${port}`)) {
        clearTimeout(timer);
        done();
      }
    });
    child.once('exit', (code) => fail(new Error(`server-everything exited with ${code}: ${seen}`)));
  });
  return {
    url: `http://127.0.0.1:${port}/${transport === 'sse' ? 'sse' : 'mcp'}`,
    stop: async () => {
      if (child.exitCode !== null) return;
      const gone = new Promise((done) => child.once('exit', done));
      child.kill('SIGTERM');
      await gone;
    },
  };
}

/** Polls `check` until it returns true, for at most `ms`. */
export async function until(check: () => boolean | Promise<boolean>, ms = 10_000, what = 'the condition'): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((done) => setTimeout(done, 20));
  }
}
