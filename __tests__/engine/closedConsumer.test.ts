// A consumer that stops reading a run (breaks out or throws) ends it the way Esc does: tools stopped, calls answered.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { validateHistory } from '../../source/engine/history.js';
import type { ToolResultBlock } from '../../source/protocol/messages.js';
import { makeHarness, runEnd, runPrompt, type Harness } from '../support/engineHarness.js';

let h: Harness | undefined;
afterEach(async () => {
  await h?.cleanup();
  h = undefined;
});

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function until<T>(check: () => T | undefined, what: string, deadlineMs = 10_000): Promise<T> {
  const end = Date.now() + deadlineMs;
  while (Date.now() < end) {
    const value = check();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`timed out waiting for ${what}`);
}

const readPid = (workspace: string): number | undefined => {
  try {
    const text = readFileSync(join(workspace, 'pid.txt'), 'utf8').trim();
    return text ? Number(text) : undefined;
  } catch {
    return undefined;
  }
};

describe('a consumer that stops reading', () => {
  for (const how of ['break', 'throw'] as const) {
    it(`(${how}) aborts the run, kills the running command and answers every pending call "interrupted"`, async () => {
      h = makeHarness([
        { toolCalls: [
          { name: 'bash', input: { command: 'echo $$ > pid.txt; exec sleep 30' } },
          { name: 'bash', input: { command: 'echo second > second.txt' } },
        ] },
        { text: 'next answer' },
      ]);
      const workspace = h.workspace;
      let pid: number | undefined;
      const consume = async () => {
        for await (const event of h!.session.prompt('go')) {
          if (event.type === 'tool_start') {
            pid = await until(() => readPid(workspace), 'the command to start');
            if (how === 'throw') throw new Error('the reader failed');
            break;
          }
        }
      };
      if (how === 'throw') await expect(consume()).rejects.toThrow('the reader failed');
      else await consume();

      expect(pid).toBeDefined();
      await until(() => (alive(pid!) ? undefined : true), 'the command to be killed');
      expect(h.session.isRunning()).toBe(false);
      const history = h.session.history();
      expect(validateHistory(history)).toBeUndefined();
      const results = history[history.length - 1].content as ToolResultBlock[];
      expect(results.map((r) => r.type)).toEqual(['tool_result', 'tool_result']);
      expect(results.every((r) => r.isError && /interrupted/i.test(r.content))).toBe(true);
      expect(() => readFileSync(join(workspace, 'second.txt'))).toThrow();

      const again = await runPrompt(h.session, 'carry on');
      expect(runEnd(again)).toMatchObject({ reason: 'done', text: 'next answer' });
      expect(h.invalidRequests).toEqual([]);
    });
  }
});
