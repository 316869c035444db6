// The command the closing lines print: how this rein was started, so pasting it works.
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCommand } from '../../source/cli/startCommand.js';

let dir: string;
let cli: string;
let bin: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'rein-start-command-'));
  cli = join(dir, 'pkg', 'dist', 'cli.js');
  mkdirSync(join(dir, 'pkg', 'dist'), { recursive: true });
  writeFileSync(cli, '#!/usr/bin/env node\n', { mode: 0o755 });
  bin = join(dir, 'bin');
  mkdirSync(bin);
  symlinkSync(cli, join(bin, 'rein'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('startCommand', () => {
  it('is `rein` when the script is the rein found on PATH (a global install or npm link)', () => {
    expect(startCommand(join(bin, 'rein'), { PATH: `/nonexistent:${bin}` })).toBe('rein');
  });

  it('is the installed command by its path when PATH finds another rein, or none', () => {
    expect(startCommand(join(bin, 'rein'), { PATH: '/nonexistent' })).toBe(join(bin, 'rein'));
  });

  it('is node and the script for `node dist/cli.js`, quoted when the path needs it', () => {
    expect(startCommand(cli, { PATH: bin })).toBe(`node ${cli}`);
    expect(startCommand('/tmp/my checkout/dist/cli.js', {})).toBe(`node '/tmp/my checkout/dist/cli.js'`);
  });

  it('is what npm start says it is', () => {
    expect(startCommand(cli, { PATH: bin, REIN_LAUNCHER: 'npm start --' })).toBe('npm start --');
  });
});
