import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildSystemPrompt } from '../../source/engine/systemPrompt.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MemoryStore } from '../../source/memory/store.js';
import { createMemoryTool, memoryToolName, type MemoryToolArgs } from '../../source/memory/tool.js';
import { ToolRegistry, runToolCall } from '../../source/tools/runner.js';
import type { AnyTool } from '../../source/tools/types.js';
import type { ToolResult } from '../../source/protocol/tools.js';
import { makeWorkspace, type TestWorkspace } from '../tools/helpers.js';

let tmp: string;
let ws: TestWorkspace;
let store: MemoryStore;
let tool: AnyTool;

beforeEach(async () => {
  tmp = mkdtempSync(path.join(os.tmpdir(), 'rein-memory-tool-'));
  ws = await makeWorkspace();
  store = new MemoryStore({ root: tmp, projectDir: ws.dir });
  tool = createMemoryTool(store);
});
afterEach(async () => {
  await ws.cleanup();
  rmSync(tmp, { recursive: true, force: true });
});

const run = (args: MemoryToolArgs): Promise<ToolResult> => tool.execute(args, ws.ctx());

describe('memory tool', () => {
  it('is named memory, needs no approval as a file edit, and leaves the folders to the system prompt', () => {
    expect(tool.name).toBe(memoryToolName);
    expect(tool).toMatchObject({ name: 'memory', readOnly: false });
    expect(tool.kind ?? 'other').toBe('other');
    for (const type of ['user', 'feedback', 'reference', 'project']) expect(tool.description).toContain(`(${type})`.replace('(user)', '(type user)'));
    // The folders go to the model once, with the index of what there is to read.
    expect(tool.description).not.toContain(store.globalDir);
    const base = { cwd: '/w', workspace: '/w', platform: 'linux', mode: 'ask' as const, memoryTool: true };
    expect(buildSystemPrompt(base)).not.toContain('# Memory');
    const index = `Global memories (about the user, in every project), files in ${store.globalDir}:\n- [x](x.md) — a fact`;
    const prompt = buildSystemPrompt({ ...base, memoryIndex: index });
    expect(prompt).toContain('read one with read_file');
    expect(prompt).toContain(store.globalDir);
  });

  it('saves a memory and reports an identical save as already saved', async () => {
    const saved = await run({ action: 'save', name: 'prefers-pnpm', type: 'feedback', description: 'Uses pnpm', content: 'Use pnpm, never npm.' });
    expect(saved).toMatchObject({ isError: false, content: 'Saved feedback memory `prefers-pnpm`.' });
    expect(readFileSync(path.join(store.globalDir, 'prefers-pnpm.md'), 'utf8')).toContain('type: feedback\n---\nUse pnpm, never npm.\n');
    const again = await run({ action: 'save', type: 'feedback', content: 'use pnpm, never npm.' });
    expect(again).toMatchObject({ isError: false, content: 'Already saved as feedback memory `prefers-pnpm`; nothing changed.' });
    expect(store.list()).toHaveLength(1);
  });

  it('refuses a save without content or type, or with an unknown type', async () => {
    expect(await run({ action: 'save', type: 'user' })).toMatchObject({
      isError: true,
      content: 'save needs content: the fact to remember, in a sentence or two.',
    });
    expect(await run({ action: 'save', content: 'x' })).toMatchObject({ isError: true, content: 'save needs a type: one of user, feedback, reference, project.' });
    expect(await run({ action: 'save', type: 'secret', content: 'x' })).toMatchObject({
      isError: true,
      content: 'Memory type "secret" is not known; use one of user, feedback, reference, project.',
    });
    expect(store.list()).toEqual([]);
  });

  it('updates a memory and refuses unknown names or empty changes', async () => {
    await run({ action: 'save', name: 'role', type: 'user', content: 'Backend engineer.' });
    expect(await run({ action: 'update', name: 'role', content: 'Frontend engineer.' })).toMatchObject({
      isError: false,
      content: 'Updated user memory `role`.',
    });
    expect(store.get('role')?.body).toBe('Frontend engineer.');
    expect(await run({ action: 'update', name: 'nobody', content: 'x' })).toMatchObject({
      isError: true,
      content: 'No memory is named `nobody`; check the name in the memory index.',
    });
    expect((await run({ action: 'update', name: 'role' })).content).toBe('update needs at least one of content, description or type to change.');
    expect((await run({ action: 'update', content: 'x' })).content).toBe('update needs the name of the memory to change.');
    expect(await run({ action: 'update', name: 'role', content: '  ' })).toMatchObject({ isError: true });
    expect(store.get('role')?.body).toBe('Frontend engineer.');
  });

  it('deletes a memory and refuses unknown names', async () => {
    await run({ action: 'save', name: 'db', type: 'project', content: 'Postgres 16.' });
    expect(await run({ action: 'delete', name: 'db' })).toMatchObject({ isError: false, content: 'Deleted memory `db`.' });
    expect(readdirSync(store.projectDir)).toEqual([]);
    expect(await run({ action: 'delete', name: 'db' })).toMatchObject({
      isError: true,
      content: 'No memory is named `db`; check the name in the memory index.',
    });
    expect((await run({ action: 'delete' })).content).toBe('delete needs the name of the memory to remove.');
  });

  it('turns a write failure into an error result', async () => {
    // A file where the memory root should be makes every write fail, even for root.
    const notAFolder = path.join(tmp, 'not-a-folder');
    writeFileSync(notAFolder, 'plain file');
    const blocked = createMemoryTool(new MemoryStore({ root: notAFolder, projectDir: ws.dir }));
    const r = await blocked.execute({ action: 'save', type: 'user', content: 'x' }, ws.ctx());
    expect(r.isError).toBe(true);
    expect(r.content).toMatch(/^The memory could not be written \(.+\); check that the memory folder is writable\.$/);
  });

  it('rejects a bad type and a bad action through the runner schema', async () => {
    const registry = new ToolRegistry([tool]);
    const badType = await runToolCall(registry, { id: 'c1', name: 'memory', input: { action: 'save', type: 'note', content: 'x' } }, ws.ctx());
    expect(badType.isError).toBe(true);
    expect(badType.content).toContain('/type: must be one of: "user", "feedback", "reference", "project"');
    const badAction = await runToolCall(registry, { id: 'c2', name: 'memory', input: { action: 'list' } }, ws.ctx());
    expect(badAction.isError).toBe(true);
    expect(badAction.content).toContain('/action');
  });
});
