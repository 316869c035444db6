#!/usr/bin/env node
// One task of a list, picked by its index (a Kubernetes Indexed Job's JOB_COMPLETION_INDEX): clones the task's
// repository if it names one, runs `rein -p` there, and writes <results>/<id>.json with rein's JSON result.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runRein } from '../action/runRein.mjs';

const env = process.env;
const here = fileURLToPath(new URL('.', import.meta.url));

function stop(message) {
  console.error(`run-task: ${message}`);
  process.exit(2);
}

/** The task list: a JSON array of { prompt, id?, repo?, ref?, dir?, model?, permissionMode?, maxTurns? }. */
function readTasks(file) {
  let tasks;
  try {
    tasks = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    stop(`The task list ${file} could not be read as JSON (${error.code ?? error.message}); set TASKS_FILE to a JSON array of tasks.`);
  }
  if (!Array.isArray(tasks)) stop(`The task list ${file} is not a JSON array; write it as [{"prompt": "…"}, …].`);
  return tasks;
}

function pickTask(tasks, indexText) {
  if (!/^\d+$/.test(indexText ?? '')) stop(`JOB_COMPLETION_INDEX is ${indexText === undefined ? 'not set' : `"${indexText}"`}; set it to the task's index (Kubernetes sets it in an Indexed Job).`);
  const index = Number(indexText);
  if (index >= tasks.length) stop(`Index ${index} is past the end of the task list (${tasks.length} tasks); the Job's completions must equal the number of tasks.`);
  const task = tasks[index];
  if (!task || typeof task.prompt !== 'string' || task.prompt.trim() === '') stop(`Task ${index} has no "prompt"; every task needs one.`);
  const id = String(task.id ?? `task-${index}`).replace(/[^\w.-]+/g, '-');
  return { index, id, task };
}

const git = (args, cwd) => spawnSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

/** Where the task runs: a fresh shallow clone of its repository, its `dir`, or the working folder. */
function checkout({ id, task }, workRoot) {
  if (!task.repo) return { cwd: resolve(workRoot, task.dir ?? '.'), cloned: false };
  const cwd = join(workRoot, id);
  rmSync(cwd, { recursive: true, force: true });
  const args = ['clone', '--quiet', '--depth', '1', ...(task.ref ? ['--branch', task.ref] : []), '--', task.repo, cwd];
  const clone = git(args, workRoot);
  if (clone.status !== 0) return { error: `git clone of ${task.repo} failed: ${clone.stderr.trim().split('\n').at(-1)}` };
  return { cwd, cloned: true };
}

/** The task's changes as a patch (new files included), for a cloned repository; undefined when nothing changed. */
function patchOf(cwd) {
  git(['add', '--all'], cwd);
  const diff = git(['diff', '--cached', '--binary', 'HEAD'], cwd);
  return diff.status === 0 && diff.stdout !== '' ? diff.stdout : undefined;
}

function writeJson(file, value) {
  const temp = `${file}.${process.pid}.tmp`;
  writeFileSync(temp, `${JSON.stringify(value, null, 2)}\n`);
  renameSync(temp, file);
}

const tasksFile = env.TASKS_FILE || '/etc/rein/tasks.json';
const resultsDir = resolve(env.RESULTS_DIR || '/results');
const workRoot = resolve(env.WORK_DIR || process.cwd());
const picked = pickTask(readTasks(tasksFile), env.JOB_COMPLETION_INDEX);
const { index, id, task } = picked;
mkdirSync(resultsDir, { recursive: true });
mkdirSync(workRoot, { recursive: true });
const summaryFile = join(resultsDir, `${id}.json`);
const base = { index, id, task, started_at: new Date().toISOString() };

const place = checkout(picked, workRoot);
if (place.error || !existsSync(place.cwd)) {
  const error = place.error ?? `The task's folder ${place.cwd} does not exist.`;
  writeJson(summaryFile, { ...base, exit_code: 2, error, result: null });
  stop(error);
}

// Not yolo unless the task or REIN_PERMISSION_MODE says so: edits go through, commands are refused.
const mode = task.permissionMode ?? env.REIN_PERMISSION_MODE ?? 'auto-edit';
const args = ['--permission-mode', mode];
if (task.model) args.push('--model', String(task.model));
if (task.maxTurns !== undefined) args.push('--max-turns', String(task.maxTurns));
console.error(`run-task: task ${index} (${id}) in ${place.cwd}, ${mode} mode`);

const outcome = await runRein({
  cli: env.REIN_CLI || join(here, '..', 'dist', 'cli.js'), cwd: place.cwd, prompt: task.prompt, args,
  env: { ...env, REIN_HOME: env.REIN_HOME || join(workRoot, `.rein-home-${id}`) }, outDir: join(resultsDir, id),
});
const patch = place.cloned ? patchOf(place.cwd) : undefined;
if (patch) writeFileSync(join(resultsDir, `${id}.patch`), patch);
writeJson(summaryFile, {
  ...base, finished_at: new Date().toISOString(), exit_code: outcome.exitCode, error: outcome.error ?? null,
  patch: patch ? `${id}.patch` : null, result: outcome.result ?? null,
});
console.error(`run-task: wrote ${summaryFile} (exit code ${outcome.exitCode})`);
process.exit(outcome.error ? outcome.exitCode || 1 : 0);
