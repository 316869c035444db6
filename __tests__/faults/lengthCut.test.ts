// Fault suite, answers cut by the server's length limit, through both real SDKs and headless rein: complete calls
// run, the cut one is asked for again, and a cut that leaves no answer exits 1 instead of passing for a success.
import { afterEach, describe, expect, it } from 'vitest';
import { startMockLlmServer, type MockLlmServer } from '../support/mockLlmServer.js';
import { expectConsistent, expectOneMessage, removeTempDirs, runCase, sdks, sentHistories } from './support.js';

let server: MockLlmServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
  removeTempDirs();
});

for (const sdk of sdks) {
  describe(`length cuts through the ${sdk} SDK`, () => {
    it('complete and partial calls: the complete ones run, the cut one is asked for again, the run finishes', async () => {
      server = await startMockLlmServer({
        apiKey: 'sk-test',
        turns: [
          {
            text: 'Two searches, then the file.',
            toolCalls: [{ name: 'glob', input: { pattern: '*.one' } }, { name: 'glob', input: { pattern: '*.two' } }],
            partialToolCall: { name: 'write_file', arguments: '{"path": "out.md", "content": "# Title\\n\\nA first paragraph that goes on' },
            usage: { outputTokens: 300 },
          },
          { text: 'written in parts' },
        ],
      });
      const outcome = await runCase(sdk, server, 'make the file');
      expect(outcome.code).toBe(0);
      expect(outcome.stdout).toBe('written in parts\n');
      // One warning with the server's count (300), not the 1,000 rein asked for.
      expect(outcome.stderr.trim().split('\n')).toEqual([
        'rein: The answer was cut off by the length limit after 300 output tokens, inside a write_file call, which did not run; the 2 complete calls before it ran; the model was asked to make it again in smaller pieces.',
      ]);
      const [, second] = sentHistories(server);
      const calls = second!.flatMap((m) => m.content.filter((b) => b.type === 'tool_use').map((b) => (b as { name: string }).name));
      expect(calls).toEqual(['glob', 'glob']);
      const lastUser = JSON.stringify(second!.at(-1));
      expect(lastUser).toContain('while you were writing the arguments of a write_file call');
      expectConsistent(outcome, server);
    });

    it('an answer cut with nothing said ends with one sentence and exit code 1', async () => {
      server = await startMockLlmServer({ apiKey: 'sk-test', turns: [{ text: '', stopReason: 'max_tokens', usage: { outputTokens: 64 } }] });
      const outcome = await runCase(sdk, server, 'answer me');
      expectOneMessage(outcome, /cut off by the length limit after 64 output tokens before it said anything; rein asked for up to 1,000/);
      expect(outcome.stdout).toBe('');
      expectConsistent(outcome, server);
    });
  });
}
