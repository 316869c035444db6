// The register of process groups: each way out stops every registered group, counts each once, and a crash stops them too.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { execa } from 'execa';
import { afterEach, describe, expect, it } from 'vitest';
import {
  beginShutdown, killAllProcessGroupsNow, registerProcessGroup, runningProcessGroups, stopAllProcessGroups, stoppedProcessesLine,
} from '../../source/tools/processRegistry.js';
import { isAlive, waitUntil } from './helpers.js';

const root = path.resolve(import.meta.dirname, '../..');
const tsxLoader = pathToFileURL(path.join(root, 'node_modules/tsx/dist/loader.mjs')).href;

const started: number[] = [];
afterEach(() => {
  for (const pid of started.splice(0)) {
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      // Gone already.
    }
  }
});

/** A detached `sleep` in a group of its own, as rein starts commands. */
function startGroup(): number {
  const child = spawn('sleep', ['300'], { detached: true, stdio: 'ignore' });
  child.unref();
  started.push(child.pid!);
  return child.pid!;
}

describe('processRegistry', () => {
  it('lists registered groups until they are gone or unregistered', async () => {
    const a = startGroup();
    const b = startGroup();
    const unregisterA = registerProcessGroup(a, 'sleep a');
    registerProcessGroup(b, 'sleep b');
    expect(runningProcessGroups()).toEqual(expect.arrayContaining([{ pid: a, label: 'sleep a' }, { pid: b, label: 'sleep b' }]));
    unregisterA();
    expect(runningProcessGroups().map((g) => g.pid)).not.toContain(a);
    process.kill(-b, 'SIGKILL');
    await waitUntil(() => !runningProcessGroups().some((g) => g.pid === b));
  });

  it('stops every group on the way out and counts each one once, however many ways out run', async () => {
    const before = beginShutdown();
    const a = startGroup();
    const b = startGroup();
    registerProcessGroup(a, 'sleep a');
    registerProcessGroup(b, 'sleep b');
    expect(beginShutdown()).toBe(before + 2);
    expect(await stopAllProcessGroups(500)).toBe(before + 2);
    await waitUntil(() => !isAlive(a) && !isAlive(b));
    const c = startGroup();
    registerProcessGroup(c, 'sleep c');
    expect(killAllProcessGroupsNow()).toBe(before + 3);
    await waitUntil(() => !isAlive(c));
    expect(runningProcessGroups()).toEqual([]);
  });

  it('says how many it stopped in one line', () => {
    expect(stoppedProcessesLine(1)).toBe('Stopped 1 running command.');
    expect(stoppedProcessesLine(2)).toBe('Stopped 2 running commands.');
  });

  it('an uncaught crash stops the commands rein started and says so', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rein-crash-'));
    try {
      const script = path.join(dir, 'crash.mts');
      fs.writeFileSync(script, `
import fs from 'node:fs';
import { installShutdown } from ${JSON.stringify(pathToFileURL(path.join(root, 'source/cli/shutdown.ts')).href)};
import { spawnShell } from ${JSON.stringify(pathToFileURL(path.join(root, 'source/tools/processGroup.ts')).href)};
installShutdown({ write: (text) => process.stderr.write(text) });
spawnShell('echo $$ > ${dir}/pid; exec sleep 300', { cwd: ${JSON.stringify(dir)}, onOutput: () => {} });
const timer = setInterval(() => {
  if (!fs.existsSync(${JSON.stringify(dir)} + '/pid')) return;
  clearInterval(timer);
  throw new Error('boom');
}, 10);
`);
      const result = await execa(process.execPath, ['--import', tsxLoader, script], { cwd: root, reject: false, stdin: 'ignore', timeout: 30_000 });
      const pid = Number(fs.readFileSync(path.join(dir, 'pid'), 'utf8'));
      started.push(pid);
      expect(result.exitCode).toBe(1);
      expect(result.stderr).toContain('boom');
      expect(result.stderr).toMatch(/^rein: Stopped 1 running command\.$/m);
      await waitUntil(() => !isAlive(pid));
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
