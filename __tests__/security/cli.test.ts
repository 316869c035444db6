// The attacks whose targets lie inside a throwaway home and workspace, run through the built CLI against the mock
// model: recording shims stand first on PATH for the commands that must never run, and the files they aim at must
// come out untouched. (Forms that reach the whole machine are decided only, in the other files here.)
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockLlmServer } from '../support/mockLlmServer.js';

const cli = resolve('dist/cli.js');
let root: string;
let home: string;
let ws: string;
let shims: string;
let log: string;
// Not git: rein runs git itself (checkpoints); git grep -O would run the touch shim.
const shimmed = ['rm', 'touch', 'npm', 'chmod', 'find', 'sort', 'uniq'];
const kept: Record<string, string> = {
  'home/.ssh/id_ed25519': 'PRIVATE-KEY-MATERIAL\n',
  'home/.aws/credentials': '[default]\naws_secret_access_key=AWS-SECRET\n',
  'home/notes.txt': 'keep me\n',
  'ws/.env': 'API_TOKEN=ENV-SECRET\n',
  'ws/.git/config': '[core]\n\tbare = false\n',
  'ws/CLAUDE.md': '# the project\n',
  'ws/.claude/settings.json': '{}\n',
  'ws/a.txt': 'one\n',
  'ws/src/x.ts': 'export {};\n',
};

beforeAll(() => {
  root = realpathSync(mkdtempSync(join(tmpdir(), 'rein-sec-cli-')));
  home = join(root, 'home');
  ws = join(root, 'ws');
  shims = join(root, 'shims');
  log = join(root, 'ran.log');
  for (const [rel, text] of Object.entries(kept)) {
    mkdirSync(join(root, rel, '..'), { recursive: true });
    writeFileSync(join(root, rel), text);
  }
  symlinkSync(join(ws, '.env'), join(ws, 'link-env'));
  mkdirSync(shims);
  writeFileSync(log, '');
  // Each shim only records that it ran: a regression shows up in the log, never as a deleted file.
  for (const name of shimmed) {
    writeFileSync(join(shims, name), `#!/bin/sh\necho "${name} $*" >> '${log}'\n`);
    chmodSync(join(shims, name), 0o755);
  }
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

interface Ended { type: string; result?: { content: string } }

async function run(commands: string[], flags: string[]): Promise<string[]> {
  const server = await startMockLlmServer({ turns: [{ toolCalls: commands.map((command) => ({ name: 'bash', input: { command } })) }, { text: 'done' }] });
  try {
    const result = await execa('node', [cli, '-p', 'go', '--provider', 'openai', '--base-url', server.openaiBaseUrl, '--model', 'm', '--output-format', 'rein-events', ...flags], {
      cwd: ws, reject: false, timeout: 120_000, extendEnv: false,
      env: { HOME: home, REIN_HOME: join(root, 'rein-home'), OPENAI_API_KEY: 'sk-test', PATH: `${shims}:${process.env.PATH}`, LANG: 'C' },
    });
    expect(result.exitCode, result.stderr).toBe(0);
    const ended = result.stdout.split('\n').filter(Boolean).map((l) => JSON.parse(l) as Ended).filter((e) => e.type === 'tool_end');
    expect(ended).toHaveLength(commands.length);
    return ended.map((e) => e.result?.content ?? '');
  } finally {
    await server.close();
  }
}

const untouched = () => {
  for (const [rel, text] of Object.entries(kept)) expect(readFileSync(join(root, rel), 'utf8'), rel).toBe(text);
  expect(readFileSync(log, 'utf8')).toBe('');
};

describe('attacks on the real CLI, inside a throwaway home and workspace', () => {
  it('yolo: the destructive guard refuses every spelling of the home and the workspace', async () => {
    const commands = [
      'rm -rf "$HOME/"', 'rm -Rf "$HOME"/', 'rm -rf "$HOME"/*', 'rm -rf ${HOME:?}', 'rm -rf $HOME//', 'cd ~ && rm -rf *', 'rm -rf {~,x}',
      "eval 'rm -rf ~'", "bash -c -- 'rm -rf ~'", 'coproc rm -rf ~', 'r\\\nm -rf ~', 'rm -rf "$PWD"', 'cd .. && rm -rf ws', 'rm -rf * .[!.]*',
      'find ~ -delete', "sh <<< 'rm -rf ~'", 'chmod -R 000 ~', 'env -S"rm -rf ~"', 'rm --rec -f ~', 'x=~; rm -rf "$x"',
    ];
    const results = await run(commands, ['--permission-mode', 'yolo']);
    results.forEach((r, i) => expect(r, commands[i]).toMatch(/refused to run this command: it .*cannot be undone/));
    untouched();
  });

  it('yolo: deny rules hold through every form', async () => {
    const commands = ["bash -c -- 'touch p'", "env --split-string='touch p'", "env -S'touch p'", 'coproc touch p', 'tou\\\nch p', "sh <<< 'touch p'", "eval 'touch p'", "git -c alias.t='!touch p' t"];
    const results = await run(commands, ['--permission-mode', 'yolo', '--disallowedTools', 'Bash(touch:*)']);
    results.forEach((r, i) => expect(r, commands[i]).toMatch(/permission rule \(Bash\(touch:\*\)/));
    expect(existsSync(join(ws, 'p'))).toBe(false);
    untouched();
  });

  it('ask: prefix rules cover neither a continuation nor code bash evaluates again', async () => {
    const commands = ['npm run test\\\n:pwn', "x='$(touch p)'; echo ${x@P}", "a='x[$(touch p)]'; echo $((a))"];
    const results = await run(commands, ['--permission-mode', 'ask', '--allowedTools', 'Bash(npm run test:*)', '--allowedTools', 'Bash(echo:*)']);
    results.forEach((r, i) => expect(r, commands[i]).toMatch(/headless/));
    untouched();
  });

  it('ask: writes to protected and steering files are asked (so refused headless), whatever allow rules say', async () => {
    const commands = ['echo x >> .git/config', 'echo x > .env', 'echo {} > .claude/settings.local.json', 'echo x >& CLAUDE.md', 'cd .git && echo x >> config'];
    const results = await run(commands, ['--permission-mode', 'ask', '--allowedTools', 'Bash(echo:*)', '--allowedTools', 'Bash(cd:*)']);
    results.forEach((r, i) => expect(r, commands[i]).toMatch(/headless/));
    expect(existsSync(join(ws, '.claude', 'settings.local.json'))).toBe(false);
    untouched();
  });

  it('yolo: protected files are asked for behind globs, redirections, ~ and symlinks, and never read', async () => {
    const commands = ['cat .e*', 'cat < .env', 'cat ~/.aws/credentials', 'cat link-env', 'grep -r TOKEN .', 'cat "$HOME"/.ssh/id_ed25519'];
    const results = await run(commands, ['--permission-mode', 'yolo']);
    results.forEach((r, i) => {
      expect(r, commands[i]).toMatch(/headless/);
      expect(r).not.toMatch(/ENV-SECRET|AWS-SECRET|PRIVATE-KEY/);
    });
    untouched();
  });

  it('plan: commands that look read-only but write or run code are refused', async () => {
    const commands = ["git grep -O'touch p' x", 'sort --compress-program=sh a.txt', 'uniq a.txt ../outside', "test -v 'a[$(touch p)]'"];
    const results = await run(commands, ['--permission-mode', 'plan']);
    results.forEach((r, i) => expect(r, commands[i]).toMatch(/plan mode/));
    expect(existsSync(join(root, 'outside'))).toBe(false);
    untouched();
  });
});
