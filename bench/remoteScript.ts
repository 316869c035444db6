// The bench's side of scriptServer.ts: the same queue of scripted turns as MockScript, kept in the server's process.
import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import { createInterface } from 'node:readline';
import type { MockTurn } from '../__tests__/support/mockLlmServer.js';
import type { ScriptLike, ServedRequest } from './renderLive.js';

const sleep = (ms: number): Promise<void> => new Promise((done) => setTimeout(done, ms));

export class RemoteScript implements ScriptLike {
  served: ServedRequest[] = [];
  summaries = 0;
  private pushed = 0;
  private waiting: Array<{ index: number; onServe: () => void }> = [];
  private polling = false;
  private constructor(
    private readonly child: ChildProcess,
    readonly baseUrl: string,
    private readonly control: string,
  ) {}

  static async start(): Promise<RemoteScript> {
    const child = spawn(process.execPath, ['--import', 'tsx', resolve('bench/scriptServer.ts')], { stdio: ['ignore', 'pipe', 'inherit'] });
    const first = await new Promise<string>((done, fail) => {
      createInterface({ input: child.stdout! }).once('line', done);
      child.once('exit', (code) => fail(new Error(`the bench's mock server exited (code ${code}) before it listened`)));
    });
    const { baseUrl, control } = JSON.parse(first) as { baseUrl: string; control: string };
    return new RemoteScript(child, baseUrl, control);
  }

  /** Queues turns; `onServe` runs once the first of them is being answered (seen within a few milliseconds). */
  push(turns: MockTurn[], onServe?: () => void): void {
    if (onServe) this.waiting.push({ index: this.pushed, onServe });
    this.pushed += turns.length;
    void this.sync('/push', JSON.stringify(turns));
    this.poll();
  }

  async waitServed(count: number, timeoutMs: number): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (this.served.length < count || this.served[count - 1].respondedAt === undefined) {
      if (Date.now() > deadline) throw new Error(`rein asked for ${this.served.length} of ${count} scripted answers within ${timeoutMs} ms; it stopped asking.`);
      await this.sync('/state');
      await sleep(2);
    }
  }

  close(): void {
    this.child.kill('SIGTERM');
  }

  private poll(): void {
    if (this.polling) return;
    this.polling = true;
    void (async () => {
      while (this.waiting.length > 0) {
        await this.sync('/state');
        await sleep(2);
      }
      this.polling = false;
    })();
  }

  private async sync(path: string, body?: string): Promise<void> {
    const res = await fetch(`${this.control}${path}`, body === undefined ? {} : { method: 'POST', body });
    const state = (await res.json()) as { summaries: number; served: ServedRequest[] };
    this.served = state.served;
    this.summaries = state.summaries;
    for (const w of this.waiting.filter((x) => this.served.length > x.index)) w.onServe();
    this.waiting = this.waiting.filter((x) => this.served.length <= x.index);
  }
}
