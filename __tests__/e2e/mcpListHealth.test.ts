// End-to-end: `rein mcp list` checks each server's health as `claude mcp list` does (start it, list its tools, stop it),
// says why one failed, and never starts an untrusted project's servers.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { execa } from 'execa';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { projectTrustItems } from '../../source/cli/projectTrust.js';
import { loadConfig } from '../../source/config/index.js';
import { fingerprintOf } from '../../source/trust/request.js';
import { faultServerFile } from '../support/mcpServers.js';

const cli = resolve('dist/cli.js');
let repo: string;
let home: string;
let marks: string;

beforeEach(() => {
  repo = mkdtempSync(join(tmpdir(), 'rein-mcplist-repo-'));
  home = mkdtempSync(join(tmpdir(), 'rein-mcplist-home-'));
  marks = join(home, 'marks');
  mkdirSync(join(home, '.rein'), { recursive: true });
  // The user's own servers: one that works, one that cannot start.
  writeFileSync(join(home, '.rein', 'agent.config.json'), JSON.stringify({ mcpServers: {
    fault: { command: process.execPath, args: [faultServerFile, 'normal'], env: { FAULT_MARKS: marks } },
    broken: { command: join(home, 'no-such-server') },
  } }));
  // The project's own, which starts only once the project is trusted.
  writeFileSync(join(repo, '.mcp.json'), JSON.stringify({ mcpServers: { project: { command: process.execPath, args: [faultServerFile, 'normal'], env: { FAULT_MARKS: join(home, 'project-marks') } } } }));
});
afterEach(() => {
  rmSync(repo, { recursive: true, force: true });
  rmSync(home, { recursive: true, force: true });
});

const list = () => execa(process.execPath, [cli, 'mcp', 'list'], {
  cwd: repo, reject: false, env: { PATH: process.env.PATH, HOME: home }, extendEnv: false, timeout: 60_000,
});

describe('rein mcp list', () => {
  it('connects each server it may start, counts its tools, says why one failed, and stops them all again', async () => {
    const run = await list();
    expect(run.exitCode).toBe(0);
    const lines = run.stdout.split('\n');
    expect(lines.slice(0, 2)).toEqual(['Checking MCP server health…', '']);
    expect(lines.find((l) => l.startsWith('fault'))).toMatch(/ - ✓ Connected \(\d+ tools\)$/);
    expect(lines.find((l) => l.startsWith('broken'))).toMatch(/ - ✗ Failed to connect: .*no-such-server/);
    expect(lines.find((l) => l.startsWith('project'))).toContain(' - ⏸ Not started: this project is not trusted');
    // The untrusted project's server never ran; the user's own was started and is gone again.
    expect(existsSync(join(home, 'project-marks'))).toBe(false);
    const pid = Number(/^start (\d+)$/m.exec(readFileSync(marks, 'utf8'))?.[1]);
    expect(() => process.kill(pid, 0)).toThrow();
  });

  it('checks the project\'s servers too once the user has trusted the project', async () => {
    // The answer rein remembers after the trust question, for exactly what this project asks for.
    const loaded = loadConfig({ cwd: repo, env: { HOME: home }, reinHome: join(home, '.rein') });
    const items = projectTrustItems({
      projectDir: repo, reinHome: join(home, '.rein'), env: { HOME: home }, loaded, settings: [], heldBackRules: [], untrustedImports: [],
      trustProject: false, trustMcp: false, interactive: true,
    });
    writeFileSync(join(home, '.rein', 'project-trust.json'), JSON.stringify({ [repo]: { fingerprint: fingerprintOf(items), answer: 'trusted', at: new Date().toISOString() } }));
    const run = await list();
    expect(run.stdout.split('\n').find((l) => l.startsWith('project'))).toMatch(/ - ✓ Connected \(\d+ tools\)$/);
    expect(existsSync(join(home, 'project-marks'))).toBe(true);
  });
});
