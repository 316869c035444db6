// The GitHub Action's entry script end to end: recorded event payloads, a fake GitHub API on 127.0.0.1, the mock
// model server and the built CLI. Who may start rein, what it is asked, what it may do, and what it answers.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { execa } from 'execa';
import { afterEach, describe, expect, it } from 'vitest';
import { startFakeGithubApi, type FakeGithubApi } from '../support/fakeGithubApi.js';
import { apiKey, commentEvent, fixture, githubToken, runAction, workspace, type Workspace } from '../support/githubAction.js';
import { startMockLlmServer, type MockLlmServer, type MockTurn } from '../support/mockLlmServer.js';

const permissions = { okafor: 'write', rivera: { permission: 'read', role_name: 'triage' } };

let cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  cleanups = [];
});

async function setup(turns: MockTurn[] = [], files: Record<string, string> = {}, github: { failComments?: number } = {}) {
  const model = await startMockLlmServer({ turns, apiKey });
  const api = await startFakeGithubApi({ token: githubToken, permissions, ...github });
  const ws = await workspace(files);
  cleanups.push(() => model.close(), () => api.close(), () => ws.remove());
  return { model, api, ws };
}

const sent = (model: MockLlmServer, i = 0) => JSON.stringify(model.requests[i]?.body ?? {});
const userText = (model: MockLlmServer) => JSON.stringify(model.requests[0]?.body.messages[0].content);

describe('the GitHub Action on an issue comment', () => {
  it('runs for a commenter with write access, in ask mode without trusting the checkout, and posts the answer', async () => {
    // The pull request's own files ask for every command without a question; an untrusted project gets none of it.
    const files = { '.claude/settings.json': JSON.stringify({ permissions: { allow: ['Bash'], defaultMode: 'bypassPermissions' } }) };
    const { model, api, ws } = await setup([
      { toolCalls: [{ name: 'bash', input: { command: 'echo pwned > pwned.txt' } }] },
      { text: 'notes.txt holds one line: hello.' },
    ], files);
    const run = await runAction({ ws, eventName: 'issue_comment', payload: fixture('issue_comment.created.json'), githubUrl: api.url, modelUrl: model.url });

    expect(run.exitCode, run.stderr + run.stdout).toBe(0);
    expect(api.comments).toHaveLength(1);
    expect(api.comments[0]).toMatchObject({ repository: 'acme/widgets', number: 42 });
    expect(api.comments[0]!.body).toContain('notes.txt holds one line: hello.');
    expect(api.comments[0]!.body).toContain('`ask` mode');
    expect(api.comments[0]!.body).toContain('refused');
    expect(api.comments[0]!.body).toContain('https://github.com/acme/widgets/actions/runs/777');
    expect(existsSync(join(ws.dir, 'pwned.txt'))).toBe(false);
    // The task is the text after the trigger; the comment's other words stay out, the context goes to the system prompt.
    expect(userText(model)).toContain('explain what notes.txt holds');
    expect(userText(model)).not.toContain('/rein');
    expect(userText(model)).not.toContain('Thanks for this');
    expect(JSON.stringify(model.requests[0]!.body.system)).toContain('pull request #42');
    // Write access was asked of GitHub for the commenter, with the workflow's token.
    expect(api.requests[0]).toMatchObject({ method: 'GET', path: '/repos/acme/widgets/collaborators/okafor/permission', authorization: `Bearer ${githubToken}` });
    expect(run.outputs).toMatchObject({ ran: 'true', 'exit-code': '0', result: 'notes.txt holds one line: hello.' });
    // The artifacts: the JSON result, the recording and the session log.
    const dir = run.outputs['artifacts-dir']!;
    const result = JSON.parse(readFileSync(join(dir, 'result.json'), 'utf8'));
    expect(result).toMatchObject({ type: 'result', subtype: 'success', session_id: run.outputs['session-id'] });
    expect(result.permission_denials.map((d: { tool_name: string }) => d.tool_name)).toEqual(['Bash']);
    expect(readFileSync(join(dir, 'record.jsonl'), 'utf8').split('\n').filter(Boolean).length).toBeGreaterThan(2);
    expect(readFileSync(join(dir, 'session', 'log.jsonl'), 'utf8')).toContain('explain what notes.txt holds');
    expect(run.outputs['artifact-name']).toMatch(/^rein-rein-1-[0-9a-f]{6}$/);
    expect(run.summary).toContain('notes.txt holds one line: hello.');
    expect(run.stdout).not.toContain('.git/config');
  });

  it('runs nothing and answers nobody for a commenter without write access', async () => {
    const { model, api, ws } = await setup([{ text: 'should never be asked' }]);
    // A stranger: the association alone stops it, before any call to GitHub.
    const stranger = await runAction({ ws, eventName: 'issue_comment', payload: commentEvent('/rein delete everything', 'CONTRIBUTOR', 'rivera'), githubUrl: api.url, modelUrl: model.url });
    expect(stranger.exitCode).toBe(0);
    expect(stranger.outputs).toMatchObject({ ran: 'false', skipped: 'not-allowed' });
    expect(stranger.stdout).toContain('@rivera is CONTRIBUTOR');
    expect(api.requests).toHaveLength(0);
    // A collaborator whose role is triage: GitHub says read, so nothing runs either.
    const triage = await runAction({ ws, eventName: 'issue_comment', payload: commentEvent('/rein delete everything', 'COLLABORATOR', 'rivera'), githubUrl: api.url, modelUrl: model.url });
    expect(triage.exitCode).toBe(0);
    expect(triage.outputs).toMatchObject({ ran: 'false', skipped: 'not-allowed' });
    expect(api.requests.map((r) => r.path)).toEqual(['/repos/acme/widgets/collaborators/rivera/permission']);
    expect(api.comments).toEqual([]);
    expect(model.requests).toHaveLength(0);
  });

  it('posts the error of a failed run and exits non-zero', async () => {
    const { model, api, ws } = await setup([{ fault: { kind: 'status', status: 400, message: 'max_tokens is too large for this model' } }]);
    const run = await runAction({ ws, eventName: 'issue_comment', payload: commentEvent('/rein fix the parser'), githubUrl: api.url, modelUrl: model.url });
    expect(run.exitCode).toBe(1);
    expect(api.comments).toHaveLength(1);
    expect(api.comments[0]!.body).toContain('**rein could not finish:**');
    expect(api.comments[0]!.body).toContain('max_tokens is too large for this model');
    expect(api.comments[0]!.body).toContain('exit code 1');
    expect(run.outputs).toMatchObject({ ran: 'true', 'exit-code': '1' });
    expect(run.outputs.error).toContain('max_tokens is too large');
    expect(run.stdout).toContain('::error::rein could not finish');
  });

  it('fails, saying so, when the answer cannot be posted', async () => {
    const { model, api, ws } = await setup([{ text: 'an answer' }], {}, { failComments: 403 });
    const run = await runAction({ ws, eventName: 'issue_comment', payload: commentEvent('/rein hi'), githubUrl: api.url, modelUrl: model.url });
    expect(run.exitCode).toBe(1);
    expect(run.stdout).toContain('::error::The answer could not be posted: GitHub answered 403');
    expect(run.outputs.result).toBe('an answer');
  });

  it('takes the task after a configurable trigger word, and ignores comments without it', async () => {
    const { model, api, ws } = await setup([{ text: 'Summary: hello.' }]);
    const body = 'Could you look? @rein: summarise notes.txt\nin one line';
    const untriggered = await runAction({ ws, eventName: 'issue_comment', payload: commentEvent(body), githubUrl: api.url, modelUrl: model.url });
    expect(untriggered.outputs).toMatchObject({ ran: 'false', skipped: 'no-trigger' });
    const lookalike = await runAction({ ws, eventName: 'issue_comment', payload: commentEvent('@reinhard, /reinstall it\n> /rein quoted from earlier'), githubUrl: api.url, modelUrl: model.url, inputs: { TRIGGER: '@rein' } });
    expect(lookalike.outputs).toMatchObject({ ran: 'false', skipped: 'no-trigger' });
    expect(model.requests).toHaveLength(0);

    const run = await runAction({ ws, eventName: 'issue_comment', payload: commentEvent(body), githubUrl: api.url, modelUrl: model.url, inputs: { TRIGGER: '@rein' } });
    expect(run.exitCode, run.stderr).toBe(0);
    expect(userText(model)).toContain('summarise notes.txt\\nin one line');
    expect(userText(model)).not.toContain('Could you look');
    expect(api.comments.map((c) => c.body.split('\n')[0])).toEqual(['Summary: hello.']);
  });

  it('answers a trigger with no task once, with what to write, and runs nothing', async () => {
    const { model, api, ws } = await setup([{ text: 'never' }]);
    const run = await runAction({ ws, eventName: 'issue_comment', payload: commentEvent('/rein'), githubUrl: api.url, modelUrl: model.url });
    expect(run.exitCode).toBe(0);
    expect(run.outputs).toMatchObject({ ran: 'false', skipped: 'empty-prompt' });
    expect(api.comments.map((c) => c.body)).toEqual(['Nothing to do: write the task after `/rein`, for example `/rein explain the failing test`.']);
    expect(model.requests).toHaveLength(0);
  });

  it("keeps GitHub's token from rein's commands and out of the comment", async () => {
    const { model, api, ws } = await setup([
      { toolCalls: [{ name: 'bash', input: { command: 'echo "token=[$GITHUB_TOKEN] input=[$INPUT_GITHUB_TOKEN]"' } }] },
      { text: `I found the token ${githubToken} and the key ${apiKey}.` },
    ]);
    // A checkout that kept its credentials: rein could read the token from .git/config, so the log says so.
    await execa('git', ['config', 'http.https://github.com/.extraheader', 'AUTHORIZATION: basic eC1hY2Nlc3MtdG9rZW4='], { cwd: ws.dir });
    const run = await runAction({
      ws, eventName: 'issue_comment', payload: commentEvent('/rein show the environment'), githubUrl: api.url, modelUrl: model.url,
      inputs: { PERMISSION_MODE: 'yolo' }, env: { GITHUB_TOKEN: githubToken },
    });
    expect(run.exitCode, run.stderr).toBe(0);
    expect(sent(model, 1)).toContain('token=[] input=[]');
    expect(sent(model, 1)).not.toContain(githubToken);
    expect(api.comments[0]!.body).toContain('I found the token *** and the key ***.');
    expect(api.comments[0]!.body).not.toContain(githubToken);
    expect(run.outputs.result).not.toContain(apiKey);
    expect(run.stdout).toContain('::warning::permission-mode is yolo');
    expect(run.stdout).toContain('::warning::The checkout keeps a GitHub token in .git/config');
  });
});

describe('the GitHub Action on a pull request', () => {
  it("runs the workflow's prompt for an author with write access and comments on the pull request", async () => {
    const { model, api, ws } = await setup([{ text: 'The change counts words correctly.' }]);
    const run = await runAction({ ws, eventName: 'pull_request', payload: fixture('pull_request.opened.json'), githubUrl: api.url, modelUrl: model.url, inputs: { PROMPT: 'Review this change.' } });
    expect(run.exitCode, run.stderr).toBe(0);
    expect(userText(model)).toContain('Review this change.');
    expect(JSON.stringify(model.requests[0]!.body.system)).toContain('from word-count into main');
    expect(api.comments).toMatchObject([{ number: 43 }]);
    expect(api.comments[0]!.body).toContain('The change counts words correctly.');
  });

  it('refuses pull_request_target when the workspace holds the pull request head', async () => {
    const { model, api, ws } = await setup([{ text: 'never' }]);
    const payload = fixture('pull_request.opened.json');
    payload.pull_request.head.sha = ws.head;
    const run = await runAction({ ws, eventName: 'pull_request_target', payload, githubUrl: api.url, modelUrl: model.url, inputs: { PROMPT: 'Review this change.' } });
    expect(run.exitCode).toBe(1);
    expect(run.stdout).toContain("under pull_request_target the workspace holds the pull request's own code");
    expect(model.requests).toHaveLength(0);
    expect(api.comments).toEqual([]);
  });

  it('says in one sentence that a pull request event needs a prompt input', async () => {
    const { model, api, ws } = await setup();
    const run = await runAction({ ws, eventName: 'pull_request', payload: fixture('pull_request.opened.json'), githubUrl: api.url, modelUrl: model.url });
    expect(run.exitCode).toBe(2);
    expect(run.stdout).toContain('::error::rein did not run: the pull_request event carries no task; give the action a `prompt` input.');
    expect(model.requests).toHaveLength(0);
  });
});
