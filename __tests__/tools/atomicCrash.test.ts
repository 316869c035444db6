// A real kill -9 in the middle of writing a file (write_file, edit_file, a memory file) leaves the old file or the new one, never half.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { execa } from 'execa';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const tsxLoader = pathToFileURL(path.join(root, 'node_modules/tsx/dist/loader.mjs')).href;
const url = (file: string) => JSON.stringify(pathToFileURL(path.join(root, file)).href);

/**
 * Slows every file write down to 4 KiB chunks 20 ms apart (async and sync ones), announcing the first chunk on
 * stdout, then performs one write through rein's own code: the kill lands while that write is under way.
 */
const childScript = `
import fs from 'node:fs';
import path from 'node:path';
import { syncBuiltinESMExports } from 'node:module';
import { FileState } from ${url('source/tools/fileState.ts')};
import { BackgroundTasks } from ${url('source/tools/background.ts')};
import { readFileTool } from ${url('source/tools/readFile.ts')};
import { writeFileTool } from ${url('source/tools/writeFile.ts')};
import { editFileTool } from ${url('source/tools/editFile.ts')};
import { MemoryStore } from ${url('source/memory/store.ts')};
const [mode, dir, target, content] = process.argv.slice(2);
const pause = new Int32Array(new SharedArrayBuffer(4));
function slowSync(file, data) {
  const bytes = Buffer.isBuffer(data) ? data : Buffer.from(String(data));
  const fd = fs.openSync(file, 'w');
  try {
    for (let at = 0; at < bytes.length; at += 4096) {
      fs.writeSync(fd, bytes.subarray(at, at + 4096));
      if (at === 0) process.stdout.write('writing\\n');
      Atomics.wait(pause, 0, 0, 20);
    }
  } finally {
    fs.closeSync(fd);
  }
}
fs.writeFileSync = slowSync;
fs.promises.writeFile = async (file, data) => slowSync(file, data);
syncBuiltinESMExports();
const body = 'new line of the file\\n'.repeat(Number(content));
if (mode === 'memory') {
  const store = new MemoryStore({ root: dir, projectDir: dir });
  store.update(target, { body });
} else {
  const state = { files: new FileState(), todos: [], background: new BackgroundTasks(), sessionDir: dir, extraReadableRoots: [] };
  const ctx = { cwd: dir, workspace: dir, signal: new AbortController().signal, onProgress: () => {}, state, toolCallId: 'c1' };
  await readFileTool.execute({ path: target }, ctx);
  const old = fs.readFileSync(path.join(dir, target), 'utf8');
  const r = mode === 'write'
    ? await writeFileTool.execute({ path: target, content: body }, ctx)
    : await editFileTool.execute({ path: target, old_string: old, new_string: body }, ctx);
  process.stdout.write(JSON.stringify(r) + '\\n');
}
process.stdout.write('finished\\n');
`;

let dir: string;
beforeEach(() => {
  dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'rein-atomic-crash-')));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

/** Runs the child and kills it with SIGKILL as soon as it announces the first chunk of the write. */
async function killMidWrite(mode: string, target: string): Promise<void> {
  const script = path.join(dir, 'writer.mts');
  fs.writeFileSync(script, childScript);
  const child = execa(process.execPath, ['--import', tsxLoader, script, mode, dir, target, '20000'], { cwd: root, reject: false, stdin: 'ignore' });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('writing\n')) {
        child.kill('SIGKILL');
        resolve();
      }
    });
    child.once('exit', () => reject(new Error(`the writer exited before it was killed: ${output.slice(-300)}`)));
  });
  const result = await child;
  expect(result.signal).toBe('SIGKILL');
  expect(output).not.toContain('finished');
}

describe('a kill -9 during a file write', () => {
  it.each(['write', 'edit'])('%s_file leaves the old file whole', async (mode) => {
    const file = path.join(dir, 'notes.txt');
    const old = 'the old content\n'.repeat(100);
    fs.writeFileSync(file, old);
    await killMidWrite(mode, 'notes.txt');
    expect(fs.readFileSync(file, 'utf8')).toBe(old);
  });

  it('a memory update leaves the old memory file whole', async () => {
    const { MemoryStore } = await import('../../source/memory/store.js');
    const store = new MemoryStore({ root: dir, projectDir: dir });
    store.save({ name: 'fact', type: 'user', description: 'A fact', body: 'The old body.' });
    const file = path.join(store.globalDir, 'fact.md');
    const old = fs.readFileSync(file, 'utf8');
    await killMidWrite('memory', 'fact');
    expect(fs.readFileSync(file, 'utf8')).toBe(old);
  });
});
