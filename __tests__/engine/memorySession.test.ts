// Memory inside a session: the index is in the system prompt, a memory saved mid-session reaches the next request,
// and memory files are readable although they live outside the workspace.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { MemoryStore } from '../../source/memory/store.js';
import { lastToolResults, makeHarness, runEnd, runPrompt, type Harness } from '../support/engineHarness.js';

let h: Harness | undefined;
let root: string;
afterEach(async () => {
  await h?.cleanup();
  h = undefined;
  rmSync(root, { recursive: true, force: true });
});

describe('memory in a session', () => {
  it('puts saved memories in the prompt, announces a new one in the next request, and lets read_file open it', async () => {
    root = mkdtempSync(join(tmpdir(), 'rein-mem-'));
    const store = new MemoryStore({ root, projectDir: root });
    store.save({ type: 'user', name: 'senior-dev', description: 'The user is a senior Go developer', body: 'Senior Go developer, new to React.' });
    h = makeHarness((_request, index) => {
      if (index === 0) return { toolCalls: [{ name: 'memory', input: { action: 'save', type: 'feedback', name: 'use-pnpm', description: 'Use pnpm, never npm', content: 'The user wants pnpm for every install.' } }] };
      if (index === 1) return { toolCalls: [{ name: 'read_file', input: { path: join(store.globalDir, 'use-pnpm.md') } }] };
      return { text: 'Saved.' };
    }, { memory: store, mode: 'ask' });
    const events = await runPrompt(h.session, 'I always use pnpm.');
    expect(events.some((e) => e.type === 'approval_request')).toBe(false);
    expect(runEnd(events).reason).toBe('done');
    const [first, second, third] = h.provider.requests;
    expect(first.system).toContain('The user is a senior Go developer');
    expect(first.tools.some((t) => t.name === 'memory')).toBe(true);
    expect(JSON.stringify(second.messages.at(-1))).toContain('use-pnpm');
    expect(JSON.stringify(second.messages.at(-1))).toContain('Use pnpm, never npm');
    expect(second.system).toBe(first.system);
    expect(lastToolResults(third)[0]).toContain('The user wants pnpm for every install.');
    // A new session starts with both memories in its prompt.
    const next = makeHarness([{ text: 'hi' }], { memory: store });
    await runPrompt(next.session, 'hello');
    expect(next.provider.requests[0].system).toContain('Use pnpm, never npm');
    await next.cleanup();
  });
});
