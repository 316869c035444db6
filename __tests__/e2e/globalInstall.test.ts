// End-to-end: `npm install -g .` builds rein (the prepare script) and gives a `rein` command that runs from any
// folder with the node flags of scripts/node-flags.json, as `npm start` runs it.
import { cpSync, mkdtempSync, readFileSync, realpathSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockLlmServer } from '../support/mockLlmServer.js';

const nodeFlags = JSON.parse(readFileSync('scripts/node-flags.json', 'utf8')) as string[];
const version = (JSON.parse(readFileSync('package.json', 'utf8')) as { version: string }).version;
let root: string;
let checkout: string;
let prefix: string;

/**
 * A copy of the sources (node_modules linked, no dist/) installed globally into a private prefix, offline: the
 * install itself must build dist/. The copy keeps the suite's own dist/ out of it.
 */
beforeAll(async () => {
  root = realpathSync(mkdtempSync(join(tmpdir(), 'rein-global-')));
  checkout = join(root, 'checkout');
  prefix = join(root, 'prefix');
  for (const entry of ['package.json', 'package-lock.json', 'scripts', 'source', 'components', 'hooks']) cpSync(resolve(entry), join(checkout, entry), { recursive: true });
  symlinkSync(resolve('node_modules'), join(checkout, 'node_modules'), 'dir');
  const install = await execa('npm', ['install', '-g', '--prefix', prefix, checkout, '--offline', '--no-audit', '--no-fund'], { reject: false, all: true, timeout: 180_000 });
  if (install.exitCode !== 0) throw new Error(`npm install -g failed:\n${install.all}`);
}, 200_000);
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('rein installed with npm install -g', () => {
  it('answers --version from any folder, found on PATH by name', async () => {
    const run = await execa('rein', ['--version'], { cwd: tmpdir(), env: { PATH: `${join(prefix, 'bin')}:${process.env.PATH}` }, reject: false });
    expect(run.stdout).toBe(`rein ${version}`);
    expect(run.exitCode).toBe(0);
  });

  it('runs a headless task in another folder, its node process started with the flags of scripts/node-flags.json', async () => {
    expect(nodeFlags.length).toBeGreaterThan(0);
    const server = await startMockLlmServer({ turns: [
      // The command's parent is rein's node process: its command line shows the flags it was started with.
      { toolCalls: [{ name: 'bash', input: { command: "tr '\\0' ' ' < /proc/$PPID/cmdline" } }] },
      { text: 'Looked.' },
    ] });
    const work = mkdtempSync(join(root, 'work-'));
    try {
      const run = await execa(join(prefix, 'bin', 'rein'), ['-p', 'how were you started?', '--provider', 'openai', '--base-url', server.openaiBaseUrl, '--model', 'm', '--output-format', 'rein-events'], {
        cwd: work, env: { REIN_HOME: join(root, 'home'), OPENAI_API_KEY: 'sk-test', ANTHROPIC_API_KEY: '', NODE_OPTIONS: '' }, reject: false, timeout: 60_000,
      });
      expect(run.exitCode).toBe(0);
      const ended = run.stdout.trim().split('\n').map((line) => JSON.parse(line) as { type: string; result?: { content: string }; text?: string });
      const cmdline = ended.find((e) => e.type === 'tool_end')?.result?.content ?? '';
      for (const flag of nodeFlags) expect(cmdline).toContain(flag);
      expect(cmdline).toContain(join(prefix, 'bin', 'rein'));
      expect(ended.find((e) => e.type === 'run_end')?.text).toBe('Looked.');
    } finally {
      await server.close();
    }
  });
});
