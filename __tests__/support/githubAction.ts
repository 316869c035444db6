// Runs the GitHub Action's entry script (action/main.mjs) as a workflow step would: an event payload file, the
// variables Actions sets, the inputs as INPUT_*, a fake GitHub API and the mock model server, and the built CLI.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { execa } from 'execa';

export const githubToken = 'ghs_fakeRunnerToken0123456789abcdef';
export const apiKey = 'sk-ant-fake-key-for-the-action-test';

export const fixture = (name: string): any => JSON.parse(readFileSync(resolve('__tests__/fixtures/github', name), 'utf8'));

export interface ActionRun {
  exitCode: number;
  stdout: string;
  stderr: string;
  outputs: Record<string, string>;
  summary: string;
}

export interface Workspace {
  dir: string;
  temp: string;
  head: string;
  remove(): void;
}

/** A checked-out repository (git, one commit with notes.txt and any `files`), and a runner temp folder. */
export async function workspace(files: Record<string, string> = {}): Promise<Workspace> {
  const dir = mkdtempSync(join(tmpdir(), 'rein-action-ws-'));
  const temp = mkdtempSync(join(tmpdir(), 'rein-action-tmp-'));
  writeFileSync(join(dir, 'notes.txt'), 'hello\n');
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  const git = (...args: string[]) => execa('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', ...args], { cwd: dir });
  await git('init', '-q');
  await git('add', '-A');
  await git('commit', '-q', '-m', 'start');
  const head = (await git('rev-parse', 'HEAD')).stdout.trim();
  return { dir, temp, head, remove: () => { rmSync(dir, { recursive: true, force: true }); rmSync(temp, { recursive: true, force: true }); } };
}

/** The step outputs written in GITHUB_OUTPUT's `name<<delimiter` form. */
export function parseOutputs(text: string): Record<string, string> {
  const outputs: Record<string, string> = {};
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const m = /^([\w-]+)<<(.+)$/.exec(lines[i]!);
    if (!m) continue;
    const end = lines.indexOf(m[2]!, i + 1);
    outputs[m[1]!] = lines.slice(i + 1, end).join('\n');
    i = end;
  }
  return outputs;
}

export async function runAction(opts: {
  ws: Workspace;
  eventName: string;
  payload: unknown;
  githubUrl: string;
  modelUrl: string;
  inputs?: Record<string, string>;
  env?: Record<string, string>;
}): Promise<ActionRun> {
  const { ws } = opts;
  const eventPath = join(ws.temp, 'event.json');
  writeFileSync(eventPath, JSON.stringify(opts.payload));
  const outputFile = join(ws.temp, 'output.txt');
  const summaryFile = join(ws.temp, 'summary.md');
  writeFileSync(outputFile, '');
  writeFileSync(summaryFile, '');
  const home = join(ws.temp, 'home');
  mkdirSync(home, { recursive: true });
  const inputs: Record<string, string> = {
    GITHUB_TOKEN: githubToken, ANTHROPIC_API_KEY: apiKey, PROVIDER: 'anthropic', BASE_URL: opts.modelUrl, MODEL: 'claude-sonnet-4-5',
    ...opts.inputs,
  };
  const result = await execa(process.execPath, [resolve('action/main.mjs')], {
    cwd: ws.dir, reject: false, extendEnv: false, timeout: 120_000,
    env: {
      PATH: process.env.PATH!, HOME: home, CI: 'true', FORCE_COLOR: '0',
      GITHUB_ACTIONS: 'true', GITHUB_EVENT_NAME: opts.eventName, GITHUB_EVENT_PATH: eventPath, GITHUB_REPOSITORY: 'acme/widgets',
      GITHUB_API_URL: opts.githubUrl, GITHUB_SERVER_URL: 'https://github.com', GITHUB_RUN_ID: '777', GITHUB_RUN_ATTEMPT: '1',
      GITHUB_JOB: 'rein', GITHUB_WORKSPACE: ws.dir, RUNNER_TEMP: ws.temp, GITHUB_OUTPUT: outputFile, GITHUB_STEP_SUMMARY: summaryFile,
      ...Object.fromEntries(Object.entries(inputs).map(([name, value]) => [`INPUT_${name}`, value])),
      ...opts.env,
    },
  });
  return {
    exitCode: result.exitCode ?? -1, stdout: result.stdout, stderr: result.stderr,
    outputs: parseOutputs(readFileSync(outputFile, 'utf8')),
    summary: existsSync(summaryFile) ? readFileSync(summaryFile, 'utf8') : '',
  };
}

/** An issue_comment payload from the recorded fixture, with this comment text and author association. */
export function commentEvent(body: string, association = 'MEMBER', login = 'okafor'): any {
  const payload = fixture('issue_comment.created.json');
  payload.comment.body = body;
  payload.comment.author_association = association;
  payload.comment.user.login = login;
  payload.sender.login = login;
  return payload;
}
