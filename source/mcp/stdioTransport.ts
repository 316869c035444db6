// The stdio transport for the SDK client: the SDK's own message framing, with the server in a process group of its
// own (so every way out of rein kills it and what it started), stderr straight into a log file, and its exit code.
// The SDK's StdioClientTransport offers neither a process group nor the exit code, which rein needs for both.
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, mkdirSync, openSync } from 'node:fs';
import { dirname } from 'node:path';
import { ReadBuffer, serializeMessage } from '@modelcontextprotocol/sdk/shared/stdio.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { registerProcessGroup } from '../tools/processRegistry.js';
import { signalGroup } from '../tools/processGroup.js';

export interface StdioServerParams {
  name: string;
  command: string;
  args: string[];
  env: Record<string, string>;
  cwd: string;
  /** Where the server's stderr goes (appended); never onto rein's screen. */
  logFile: string;
  /** Time between SIGTERM and SIGKILL when closing. */
  killGraceMs?: number;
}

export interface ServerExit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export function describeExit(exit: ServerExit): string {
  return exit.code !== null ? `exited with code ${exit.code}` : `was ended by ${exit.signal ?? 'a signal'}`;
}


export class ProcessGroupStdioTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  /** Set once the server process has exited on its own or been stopped. */
  exit: ServerExit | undefined;
  private child: ChildProcess | undefined;
  private readonly buffer = new ReadBuffer();
  private unregister: (() => void) | undefined;
  private closed = false;

  constructor(private readonly params: StdioServerParams) {}

  get pid(): number | undefined {
    return this.child?.pid;
  }

  async start(): Promise<void> {
    mkdirSync(dirname(this.params.logFile), { recursive: true });
    const log = openSync(this.params.logFile, 'a');
    try {
      await new Promise<void>((resolve, reject) => {
        // Servers are code the user chose to run (trusted, for a project's): they get rein's environment, as in Claude Code.
        const child = spawn(this.params.command, this.params.args, {
          cwd: this.params.cwd,
          env: { ...process.env, ...this.params.env },
          stdio: ['pipe', 'pipe', log],
          detached: true,
        });
        this.child = child;
        child.once('error', (error) => {
          reject(new Error(`could not start ${this.params.command}: ${error.message}`));
          this.finish({ code: null, signal: null });
        });
        child.once('spawn', () => {
          if (child.pid !== undefined) this.unregister = registerProcessGroup(child.pid, `MCP server ${this.params.name}`);
          resolve();
        });
        child.once('exit', (code, signal) => {
          this.exit ??= { code, signal };
          // A child the server left behind may hold stdout open, and 'close' would never come.
          setTimeout(() => this.finish({ code, signal }), 300).unref();
        });
        child.once('close', (code, signal) => this.finish({ code, signal }));
        child.stdin?.on('error', (error) => this.onerror?.(error));
        child.stdout?.on('data', (chunk: Buffer) => this.receive(chunk));
      });
    } finally {
      // The child holds its own copy of the descriptor.
      closeSync(log);
    }
  }

  private receive(chunk: Buffer): void {
    try {
      this.buffer.append(chunk);
    } catch (error) {
      this.onerror?.(error as Error);
      return;
    }
    while (true) {
      let message: JSONRPCMessage | null;
      try {
        message = this.buffer.readMessage();
      } catch (error) {
        // A line that is not JSON-RPC (a stray console.log) is skipped; the next line may be fine.
        this.onerror?.(new Error(`the server wrote a line that is not JSON-RPC to stdout (${(error as Error).message.slice(0, 200)})`));
        continue;
      }
      if (message === null) return;
      this.onmessage?.(message);
    }
  }

  private finish(exit: ServerExit): void {
    this.exit ??= exit;
    if (this.closed) return;
    this.closed = true;
    const pid = this.child?.pid;
    // Whatever the server left running in its group goes with it.
    if (pid !== undefined && signalGroup(pid, 0)) signalGroup(pid, 'SIGKILL');
    this.unregister?.();
    this.buffer.clear();
    this.onclose?.();
  }

  async send(message: JSONRPCMessage): Promise<void> {
    const stdin = this.child?.stdin;
    if (!stdin || this.closed || !stdin.writable) throw new Error('the MCP server is not running');
    await new Promise<void>((resolve, reject) => {
      stdin.write(serializeMessage(message), (error) => (error ? reject(error) : resolve()));
    });
  }

  /** SIGTERM to the whole group, SIGKILL after the grace period; resolves once the server is gone. */
  async close(): Promise<void> {
    const child = this.child;
    if (!child || this.closed) return;
    const gone = new Promise<void>((resolve) => child.once('close', () => resolve()));
    child.stdin?.end();
    if (child.pid !== undefined) signalGroup(child.pid, 'SIGTERM');
    const grace = new Promise<'late'>((resolve) => setTimeout(() => resolve('late'), this.params.killGraceMs ?? 2_000).unref());
    if ((await Promise.race([gone, grace])) === 'late' && child.pid !== undefined) signalGroup(child.pid, 'SIGKILL');
    await Promise.race([gone, new Promise((resolve) => setTimeout(resolve, 1_000).unref())]);
    this.finish(this.exit ?? { code: child.exitCode, signal: child.signalCode });
  }
}
