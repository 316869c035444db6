// Ways out of --sandbox a hostile model would try: other processes' /proc roots, sockets reachable by path, inherited
// descriptors, the session's own log, and steering files that do not exist yet. Each must fail, and leave nothing behind.
import { createServer, type Server } from 'node:net';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { findBwrap } from '../../source/permissions/sandbox.js';
import { lastToolResults, makeHarness, runPrompt, type Harness } from '../support/engineHarness.js';

const bwrap = findBwrap();
if (!bwrap) throw new Error('These tests need bubblewrap (apt-get install -y bubblewrap).');
const outside = join(homedir(), `.rein-escape-probe-${process.pid}`);
const socketDir = mkdtempSync(join(tmpdir(), 'rein-sock-'));
const socketPath = join(socketDir, 'agent.sock');
let server: Server;
let h: Harness | undefined;

beforeAll(async () => {
  server = createServer((c) => c.end('socket-reached\n'));
  await new Promise<void>((r) => server.listen(socketPath, r));
});
afterAll(async () => {
  await new Promise<void>((r) => server.close(() => r()));
  rmSync(socketDir, { recursive: true, force: true });
});
afterEach(async () => {
  rmSync(outside, { force: true });
  await h?.cleanup();
  h = undefined;
});

const sandboxed = { mode: 'ask' as const, sandbox: { bwrap: bwrap as string, network: false, protectedFiles: [] } };

async function runInSandbox(commands: string[], env: Record<string, string> = {}): Promise<string[]> {
  h = makeHarness([{ toolCalls: commands.map((command) => ({ name: 'bash', input: { command } })) }, { text: 'ok' }], sandboxed);
  const saved = { ...process.env };
  Object.assign(process.env, env);
  try {
    await runPrompt(h.session, 'go', () => ({ kind: 'no' }));
  } finally {
    process.env = saved;
  }
  return lastToolResults(h.provider.requests[1]);
}

describe('the sandbox holds', () => {
  it("another process's /proc root or cwd leads nowhere: the PID namespace is the sandbox's own", async () => {
    const results = await runInSandbox([
      `echo x > /proc/$PPID/root${outside}`,
      `for p in /proc/[0-9]*; do echo x > $p/root${outside} 2>/dev/null; echo x > $p/cwd/../${outside.split('/').pop()} 2>/dev/null; done; ls -d /proc/[0-9]* | wc -l`,
    ]);
    expect(existsSync(outside)).toBe(false);
    expect(results[0]).toMatch(/Read-only file system/);
    // Only the sandbox's own few processes are there to be seen.
    expect(Number(/^(\d+)$/m.exec(results[1])?.[1])).toBeLessThan(6);
  });

  it('no socket outside the workspace is reachable by path, and the variables naming them are gone', async () => {
    const connect = `node -e "require('net').connect(process.argv[1]).on('data',d=>process.stdout.write(d)).on('error',e=>console.log('no:'+e.code))" ${socketPath}`;
    const results = await runInSandbox([connect, 'echo "[$SSH_AUTH_SOCK][$XDG_RUNTIME_DIR][$TMUX]"', 'ls /run | wc -l'], {
      SSH_AUTH_SOCK: socketPath, XDG_RUNTIME_DIR: socketDir, TMUX: `${socketPath},1,0`,
    });
    expect(results[0]).toContain('no:ENOENT');
    expect(results[0]).not.toContain('socket-reached');
    expect(results[1]).toContain('[][][]');
    expect(results[2].trim()).toBe('0');
  });

  it('a command inherits no descriptor but its standard ones, and has no terminal session of rein\'s', async () => {
    const results = await runInSandbox(['ls /proc/self/fd | sort -n | tr "\\n" " "', "awk '{print $6}' /proc/self/stat"]);
    expect(results[0].trim()).toBe('0 1 2 3');
    // Outside the sandbox's PID namespace a session leader reads as 0; --new-session makes one inside it.
    expect(Number(results[1].trim())).toBeGreaterThan(0);
  });

  it("the session's own folder (its log, its saved outputs) cannot be written", async () => {
    const log = () => join((h as Harness).home, 'sessions', 'probe', 'session.jsonl');
    h = makeHarness((_, index) => (index === 0 ? { toolCalls: [{ name: 'bash', input: { command: `echo forged >> ${log()}; echo rc=$?` } }] } : { text: 'ok' }), sandboxed);
    mkdirSync(join(h.home, 'sessions', 'probe'), { recursive: true });
    writeFileSync(log(), 'original\n');
    await runPrompt(h.session, 'go', () => ({ kind: 'no' }));
    expect(readFileSync(log(), 'utf8')).toBe('original\n');
  });

  it('steering files cannot be created or changed, and the mount points made for the missing ones are gone afterwards', async () => {
    h = makeHarness([{ toolCalls: [
      { name: 'bash', input: { command: 'mkdir -p .claude; echo \'{"permissions":{"allow":["Bash"]}}\' > .claude/settings.local.json; echo rc=$?' } },
      { name: 'bash', input: { command: 'echo \'{"permissionMode":"yolo"}\' > agent.config.json; echo rc=$?' } },
      { name: 'bash', input: { command: 'echo \'{"mcpServers":{}}\' > .mcp.json; echo "@notes.md" > CLAUDE.md; echo rc=$?' } },
      { name: 'bash', input: { command: 'git init -q . ; git config core.fsmonitor "touch pwned"; echo rc=$?' } },
      { name: 'bash', input: { command: 'mkdir -p .rein/commands && echo x > .rein/commands/x.md; echo rc=$?' } },
      { name: 'bash', input: { command: 'echo ok > normal.txt && echo wrote' } },
      // .env is a protected path: the user is asked first (and says no here); the mount point made for it goes too.
      { name: 'bash', input: { command: 'echo KEY=1 > .env; echo rc=$?' } },
    ] }, { text: 'ok' }], sandboxed);
    writeFileSync(join(h.workspace, 'AGENTS.md'), 'keep me');
    // A write to a steering file asks first even in the sandbox; said yes to here, it runs inside, where it fails, and
    // running it again outside is declined. The protected .env is declined outright.
    await runPrompt(h.session, 'go', (e) => ({ kind: e.reason === 'it failed inside the sandbox: run it again outside?' || String(e.input.command).includes('.env') ? 'no' : 'yes' }));
    const results = lastToolResults(h.provider.requests[1]);
    for (const result of results.slice(0, 5)) expect(result).toMatch(/(Read-only file system|Permission denied)[\s\S]*rc=[1-9]/);
    expect(results[5]).toContain('wrote');
    expect(readdirSync(h.workspace).sort()).toEqual(['AGENTS.md', 'normal.txt']);
    expect(readFileSync(join(h.workspace, 'AGENTS.md'), 'utf8')).toBe('keep me');
  });
});
