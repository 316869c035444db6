import { promises as fs } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cutMiddle, savedOutputPath, truncateToolOutput } from '../../source/tools/truncate.js';
import { makeWorkspace, type TestWorkspace } from './helpers.js';

let ws: TestWorkspace;
beforeEach(async () => {
  ws = await makeWorkspace();
});
afterEach(() => ws.cleanup());

describe('truncateToolOutput', () => {
  it('leaves output within the limits alone and saves nothing', async () => {
    const r = await truncateToolOutput('short\noutput', { sessionDir: ws.sessionDir, toolCallId: 't1' });
    expect(r).toEqual({ content: 'short\noutput' });
    await expect(fs.stat(savedOutputPath(ws.sessionDir, 't1'))).rejects.toThrow();
  });

  it('keeps head and tail lines, says how many were cut and saves the whole', async () => {
    const text = Array.from({ length: 100 }, (_, i) => `line ${i + 1}`).join('\n');
    const r = await truncateToolOutput(text, { sessionDir: ws.sessionDir, toolCallId: 't2', limits: { maxChars: 10_000, maxLines: 10 } });
    const lines = r.content.split('\n');
    expect(lines.slice(0, 4)).toEqual(['line 1', 'line 2', 'line 3', 'line 4']);
    expect(lines.slice(-6)).toEqual(['line 95', 'line 96', 'line 97', 'line 98', 'line 99', 'line 100']);
    expect(lines[4]).toBe(`[… 90 lines cut … the full output is saved at ${r.savedPath}; read it with read_file using offset/limit, or narrow the command]`);
    expect(await fs.readFile(r.savedPath ?? '', 'utf8')).toBe(text);
  });

  it('cuts one enormous line by characters', () => {
    const cut = cutMiddle('a'.repeat(500) + 'b'.repeat(500), { maxChars: 100, maxLines: 10 }, 'note');
    expect(cut?.text).toBe(`${'a'.repeat(40)}\n[… 900 characters cut … note]\n${'b'.repeat(60)}`);
  });

  it('still cuts, and says so, when the full output cannot be saved', async () => {
    const blocker = `${ws.sessionDir}/blocked`;
    await fs.writeFile(blocker, 'a file where a folder should be');
    const r = await truncateToolOutput('x\n'.repeat(50), { sessionDir: blocker, toolCallId: 't3', limits: { maxChars: 1000, maxLines: 5 } });
    expect(r.savedPath).toBeUndefined();
    expect(r.content).toMatch(/the full output could not be saved \(.+\); narrow the command/);
  });

  it('makes provider ids safe as file names', () => {
    expect(savedOutputPath('/s', 'toolu_01/../x')).toBe('/s/outputs/toolu_01_.._x.txt');
  });
});
