#!/usr/bin/env node
// The GitHub Action's entry: reads the event, checks that whoever asks may write to the repository, runs `rein -p`
// with a permission mode that is not yolo unless the workflow says so, and answers with a comment.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readTask } from './event.mjs';
import { githubClient } from './github.mjs';
import { appendSummary, commentBody, log, redact, setOutputs } from './report.mjs';
import { runRein } from './runRein.mjs';

const env = process.env;
const input = (name) => (env[`INPUT_${name}`] ?? '').trim();
const here = fileURLToPath(new URL('.', import.meta.url));

/** Variables rein and the commands it runs never see: GitHub's tokens and the action's raw inputs. */
const hiddenFromRein = /^(INPUT_|ACTIONS_RUNTIME_|ACTIONS_ID_TOKEN_|ACTIONS_CACHE_|ACTIONS_RESULTS_)|^(GITHUB_TOKEN|GH_TOKEN)$/;

const inputs = {
  prompt: input('PROMPT'),
  trigger: input('TRIGGER') || '/rein',
  permissionMode: input('PERMISSION_MODE') || 'ask',
  allowedAssociations: input('ALLOWED_ASSOCIATIONS'),
  allowedTools: input('ALLOWED_TOOLS'),
  model: input('MODEL'),
  provider: input('PROVIDER'),
  baseUrl: input('BASE_URL'),
  maxTurns: input('MAX_TURNS') || '30',
  issueNumber: input('ISSUE_NUMBER'),
  workingDirectory: input('WORKING_DIRECTORY'),
  artifactName: input('ARTIFACT_NAME'),
  githubToken: input('GITHUB_TOKEN') || env.GITHUB_TOKEN || '',
  keys: { ANTHROPIC_API_KEY: input('ANTHROPIC_API_KEY'), OPENAI_API_KEY: input('OPENAI_API_KEY'), DEEPSEEK_API_KEY: input('DEEPSEEK_API_KEY') },
};
const secrets = [inputs.githubToken, env.GITHUB_TOKEN, ...Object.values(inputs.keys), env.ANTHROPIC_API_KEY, env.OPENAI_API_KEY, env.DEEPSEEK_API_KEY];

/** Ends the step: the outputs always say whether rein ran, and why not. */
function finish(code, outputs) {
  setOutputs(env.GITHUB_OUTPUT, { ran: 'false', skipped: '', 'exit-code': String(code), ...outputs });
  process.exit(code);
}

function fail(code, message) {
  log.error(message);
  finish(code, { skipped: 'error', error: message });
}

const git = (cwd, args) => spawnSync('git', ['-C', cwd, ...args], { encoding: 'utf8' });

async function main() {
  const eventName = env.GITHUB_EVENT_NAME ?? '';
  const repository = env.GITHUB_REPOSITORY ?? '';
  if (!env.GITHUB_EVENT_PATH || !eventName || !repository) {
    return fail(2, 'GITHUB_EVENT_PATH, GITHUB_EVENT_NAME and GITHUB_REPOSITORY are not set: run this script as a step of a GitHub Actions workflow.');
  }
  let payload;
  try {
    payload = JSON.parse(readFileSync(env.GITHUB_EVENT_PATH, 'utf8'));
  } catch (error) {
    return fail(2, `The event payload ${env.GITHUB_EVENT_PATH} could not be read as JSON (${error.message}).`);
  }
  const github = githubClient({ apiUrl: env.GITHUB_API_URL || 'https://api.github.com', token: inputs.githubToken, repository });

  const task = readTask(eventName, payload, inputs);
  if (!task.run) {
    // Nobody is answered: a bot that strangers could make talk would be worse than silence; the log says why.
    log.notice(`rein did not run: ${task.detail}`);
    return finish(0, { skipped: task.reason });
  }
  if (task.actor) {
    let allowed;
    try {
      allowed = await github.canWrite(task.actor);
    } catch (error) {
      return fail(1, `rein did not run: the write access of @${task.actor} could not be confirmed (${error.message}).`);
    }
    if (!allowed) {
      log.notice(`rein did not run: @${task.actor} has no write access to ${repository}.`);
      return finish(0, { skipped: 'not-allowed' });
    }
  }

  const cwd = resolve(inputs.workingDirectory || env.GITHUB_WORKSPACE || process.cwd());
  if (eventName === 'pull_request_target') {
    const head = git(cwd, ['rev-parse', 'HEAD']).stdout.trim();
    const pr = payload.pull_request ?? {};
    if (head && (head === pr.head?.sha || head === pr.merge_commit_sha)) {
      return fail(1, `rein did not run: under pull_request_target the workspace holds the pull request's own code (${head.slice(0, 12)}) next to the repository's secrets. Use the pull_request event, or check out the base branch.`);
    }
  }
  if (git(cwd, ['config', '--get-regexp', '^http\\..*\\.extraheader$']).stdout.trim()) {
    log.warning('The checkout keeps a GitHub token in .git/config, where rein can read it; give actions/checkout `persist-credentials: false`.');
  }

  if (!task.prompt) {
    const message = task.target && eventName === 'issue_comment'
      ? `Nothing to do: write the task after \`${inputs.trigger}\`, for example \`${inputs.trigger} explain the failing test\`.`
      : `rein did not run: the ${eventName} event carries no task; give the action a \`prompt\` input.`;
    if (eventName !== 'issue_comment') return fail(2, message);
    await github.comment(task.target.number, message).catch((error) => log.warning(error.message));
    log.notice(message);
    return finish(0, { skipped: 'empty-prompt' });
  }
  if (/^(yolo|bypassPermissions)$/.test(inputs.permissionMode) && task.target) {
    log.warning(`permission-mode is ${inputs.permissionMode}: every command and edit runs without a question.`);
  }

  const outDir = join(env.RUNNER_TEMP || tmpdir(), `rein-${randomBytes(4).toString('hex')}`);
  const reinEnv = Object.fromEntries(Object.entries(env).filter(([name]) => !hiddenFromRein.test(name)));
  for (const [name, value] of Object.entries(inputs.keys)) if (value) reinEnv[name] = value;
  reinEnv.REIN_HOME ||= join(outDir, 'rein-home');
  const runUrl = env.GITHUB_SERVER_URL && env.GITHUB_RUN_ID ? `${env.GITHUB_SERVER_URL}/${repository}/actions/runs/${env.GITHUB_RUN_ID}` : '';
  const args = ['--permission-mode', inputs.permissionMode, '--max-turns', inputs.maxTurns];
  if (inputs.model) args.push('--model', inputs.model);
  if (inputs.provider) args.push('--provider', inputs.provider);
  if (inputs.baseUrl) args.push('--base-url', inputs.baseUrl);
  const answerGoes = task.target ? ` Your final answer will be posted on ${task.target.kind} #${task.target.number} as a comment in GitHub Markdown.` : '';
  args.push('--append-system-prompt', `${task.context}${answerGoes}`);
  // One word: rein splits it on commas and on spaces outside parentheses; it takes every following word, so it goes last.
  if (inputs.allowedTools) args.push('--allowedTools', inputs.allowedTools.replace(/\s*\n\s*/g, ','));

  log.notice(`rein runs in ${inputs.permissionMode} mode${task.actor ? ` for @${task.actor}` : ''}.`);
  const outcome = await runRein({ cli: env.REIN_CLI || join(here, '..', 'dist', 'cli.js'), cwd, prompt: task.prompt, args, env: reinEnv, outDir: join(outDir, 'artifacts') });

  const body = redact(commentBody({ outcome, mode: inputs.permissionMode, runUrl }), secrets);
  appendSummary(env.GITHUB_STEP_SUMMARY, body);
  const artifactName = inputs.artifactName || `rein-${env.GITHUB_JOB || 'job'}-${env.GITHUB_RUN_ATTEMPT || '1'}-${randomBytes(3).toString('hex')}`;
  const outputs = {
    ran: 'true', 'exit-code': String(outcome.exitCode), result: redact(outcome.result?.result ?? '', secrets),
    error: redact(outcome.error ?? '', secrets), 'session-id': outcome.sessionId ?? '',
    'artifacts-dir': join(outDir, 'artifacts'), 'artifact-name': artifactName, 'result-file': join(outDir, 'artifacts', 'result.json'),
  };
  let code = outcome.error ? (outcome.exitCode || 1) : 0;
  if (outcome.error) log.error(`rein could not finish: ${redact(outcome.error, secrets)}`);
  if (task.target) {
    try {
      outputs['comment-url'] = await github.comment(task.target.number, body);
    } catch (error) {
      log.error(`The answer could not be posted: ${error.message}`);
      code ||= 1;
    }
  }
  finish(code, outputs);
}

await main();
