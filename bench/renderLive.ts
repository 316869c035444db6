// Drives real turns through the TUI against the mock server: typed prompts, tool rounds and streamed markdown answers.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { MockTurn, RecordedRequest } from '../__tests__/support/mockLlmServer.js';
import type { PtyApp } from './ptyApp.js';
import { ContentMaker } from './renderContent.js';

/** Source files the scripted tool calls read, written into the directory rein runs in. */
export const fixtureFiles = Array.from({ length: 8 }, (_, i) => `src/module${i}.ts`);

export function writeFixtureFiles(cwd: string, seed = 11): void {
  const make = new ContentMaker(seed);
  mkdirSync(join(cwd, 'src'), { recursive: true });
  for (const file of fixtureFiles) {
    // Plain source text: read_file numbers the lines itself.
    const listing = make.fileListing(make.between(30, 90)).replace(/^ *\d+\t/gm, '');
    writeFileSync(join(cwd, file), `${listing}\n`);
  }
}

/** The user's settings in the bench's REIN_HOME: the live runs' command (grep piped to head) runs without a dialog. */
export function allowBenchCommands(home: string): void {
  writeFileSync(join(home, 'agent.config.json'), JSON.stringify({ permissions: { allow: ['Bash(grep:*)', 'Bash(head:*)'] } }));
}

export interface LiveRunShape {
  /** Tool rounds before the answer (each adds two messages). */
  rounds: number;
  /** Characters of the markdown answer. */
  answerChars: number;
  /** Text before each round's tool calls. */
  leadChars: number;
}

/** The mock turns of one run: `rounds` tool rounds (read_file, bash, glob) and a markdown answer, streamed quickly. */
export function liveRunTurns(make: ContentMaker, shape: LiveRunShape): MockTurn[] {
  const turns: MockTurn[] = [];
  for (let r = 0; r < shape.rounds; r++) {
    // Consecutive identical calls would trip the repeat guard; the round index keeps neighbours apart.
    const file = fixtureFiles[(r + make.between(0, 3) * 2) % fixtureFiles.length];
    // The second round runs a read-only command, as sessions do between reads: it goes through the permission
    // parse (the bash grammar, loaded on first use) without a dialog, and its 20 lines of output are collapsed
    // on screen as a longer command's would be.
    const call = r % 3 === 2
      ? { name: 'glob', input: { pattern: `src/*${r % 8}.ts` } }
      : r % 3 === 1
        ? { name: 'bash', input: { command: `grep -n "e" ${file} | head -n 20` } }
        : { name: 'read_file', input: { path: file } };
    turns.push({ text: shape.leadChars > 0 ? make.sentence().slice(0, shape.leadChars) : undefined, toolCalls: [call], chunkSize: 64 });
  }
  turns.push({ text: shape.answerChars > 0 ? make.markdown(shape.answerChars) : 'Done.', chunkSize: 64 });
  return turns;
}

const sleep = (ms: number): Promise<void> => new Promise((done) => setTimeout(done, ms));

/** rein's compaction asks for a summary without tools; every agent turn offers its tools. */
function isSummaryRequest(req: RecordedRequest): boolean {
  const body: unknown = req.body;
  if (typeof body !== 'object' || body === null) return false;
  const tools: unknown = (body as Record<string, unknown>).tools;
  return !Array.isArray(tools) || tools.length === 0;
}

/**
 * The mock server's script: queued turns answer agent requests in order; summary requests (compaction)
 * get a short summary without using up a queued turn.
 */
/** When a scripted request arrived and when its answer ended (Date.now() times). */
export interface ServedRequest {
  receivedAt: number;
  respondedAt?: number;
}

/** A queue of scripted turns the bench drives rein with, in this process or the server's own. */
export interface ScriptLike {
  readonly served: readonly ServedRequest[];
  readonly summaries: number;
  push(turns: MockTurn[], onServe?: () => void): void;
  waitServed(count: number, timeoutMs: number): Promise<void>;
}

export class MockScript implements ScriptLike {
  /** Agent requests answered from the queue, in order. */
  readonly served: RecordedRequest[] = [];
  summaries = 0;
  private queue: Array<{ turn: MockTurn; onServe?: () => void }> = [];

  readonly respond = (req: RecordedRequest): MockTurn => {
    if (isSummaryRequest(req)) {
      this.summaries++;
      return { text: '## User goals and instructions\n- keep going\n\n## Current state\nWork in progress.', chunkSize: 256 };
    }
    const next = this.queue.shift();
    if (!next) return { fault: { kind: 'status', status: 500, message: 'The bench script has no turn left for this request.' } };
    this.served.push(req);
    // Runs as the request arrives, before any of the answer is sent: the moment to read the process's clocks.
    next.onServe?.();
    return next.turn;
  };

  push(turns: MockTurn[], onServe?: () => void): void {
    turns.forEach((turn, i) => this.queue.push({ turn, onServe: i === 0 ? onServe : undefined }));
  }

  /** Waits until `count` queued turns have been answered in full. */
  async waitServed(count: number, timeoutMs: number): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (this.served.length < count || this.served[count - 1].respondedAt === undefined) {
      if (Date.now() > deadline) throw new Error(`rein asked for ${this.served.length} of ${count} scripted answers within ${timeoutMs} ms; it stopped asking.`);
      await sleep(2);
    }
  }
}

/**
 * Sends one prompt per shape and lets each run finish on the server before typing the next one
 * (the UI may still be drawing; a prompt typed then is queued, as a person's would be).
 * Returns the number of conversation messages the runs added.
 */
export async function driveLiveRuns(app: PtyApp, script: ScriptLike, shapes: LiveRunShape[], seed: number | ContentMaker = 5): Promise<number> {
  // A maker passed in goes on where its last runs ended, so runs driven in parts draw what one call would.
  const make = typeof seed === 'number' ? new ContentMaker(seed) : seed;
  let messages = 0;
  for (const shape of shapes) {
    const turns = liveRunTurns(make, shape);
    script.push(turns);
    const expected = script.served.length + turns.length;
    app.write(`${make.prompt().slice(0, 60)}\r`);
    await script.waitServed(expected, 60_000);
    messages += 2 + shape.rounds * 2;
  }
  return messages;
}

/** Run shapes that add up to exactly `messages` conversation messages (an even count). */
export function shapesFor(messages: number, perRun: number, answerChars: number, leadChars: number): LiveRunShape[] {
  const shapes: LiveRunShape[] = [];
  let left = messages - (messages % 2);
  while (left > 0) {
    const size = Math.min(perRun, left);
    shapes.push({ rounds: (size - 2) / 2, answerChars, leadChars });
    left -= size;
  }
  return shapes;
}
