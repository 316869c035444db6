// Team mode: a planner splits the task into steps, workers carry them out in dependency order (independent
// steps side by side), and a reviewer approves the work or sends flagged steps back, at most twice.
import type { AgentEvent } from '../protocol/events.js';
import type { TodoItem } from '../protocol/tools.js';
import { ChildAgent, type ChildEnvironment, type ChildOutcome } from './childRunner.js';
import { readStructured } from './structuredOutput.js';
import {
  planBrief, planProblem, planSchema, plannerAgent, reviewBrief, reviewerAgent, reviewSchema, stepBrief, workerAgent,
  type TeamPlan, type TeamReview, type TeamStep,
} from './teamRoles.js';

export interface TeamOptions {
  task: string;
  runId: string;
  environment: ChildEnvironment;
  models: { planner?: string; worker?: string; reviewer?: string };
  maxParallel: number;
  signal: AbortSignal;
  emit: (event: AgentEvent) => void;
}

export interface TeamReport {
  ok: boolean;
  text: string;
  /** One sentence on why the team did not finish, when it did not. */
  error?: string;
}

/** Tries to get a valid answer this many times (the first answer included) before giving up. */
const maxAnswerTries = 3;
const maxReviewRounds = 2;

type StepState = 'pending' | 'running' | 'done' | 'failed' | 'skipped';

/** Asks a child for JSON of a given shape; a bad answer is sent back with the problem, up to three tries in all. */
async function askStructured<T>(child: ChildAgent, brief: string, schema: Record<string, unknown>, check?: (value: T) => string | undefined) {
  let prompt = brief;
  let problem = '';
  for (let attempt = 1; attempt <= maxAnswerTries; attempt++) {
    const outcome = await child.ask(prompt);
    if (outcome.reason !== 'done') return { ok: false as const, problem: outcome.error ?? `it stopped (${outcome.reason})` };
    const read = await readStructured<T>(outcome.text, schema);
    problem = read.ok ? (check?.(read.value) ?? '') : read.problem;
    if (read.ok && !problem) return { ok: true as const, value: read.value };
    prompt = `Your answer could not be used: ${problem}. Answer again with only the JSON object in the shape asked for.`;
  }
  return { ok: false as const, problem: `${problem} (after ${maxAnswerTries} tries)` };
}

export async function runTeam(o: TeamOptions): Promise<TeamReport> {
  const child = (agent: ReturnType<typeof plannerAgent>) => new ChildAgent(o.environment, { agent, parentToolCallId: o.runId, signal: o.signal, emit: o.emit });
  const planned = await askStructured<TeamPlan>(child(plannerAgent(o.models.planner)), planBrief(o.task), planSchema, planProblem);
  if (o.signal.aborted) return { ok: false, text: 'The team was stopped before it had a plan.' };
  if (!planned.ok) {
    const text = `The team stopped: the planner gave no usable plan (${planned.problem}).`;
    return { ok: false, text, error: text };
  }
  const plan = planned.value;

  const states = new Map<string, StepState>(plan.steps.map((s) => [s.id, 'pending']));
  const results = new Map<string, string>();
  const showPlan = () => {
    const todos: TodoItem[] = plan.steps.map((s) => {
      const state = states.get(s.id) ?? 'pending';
      const note = state === 'failed' ? ' (failed)' : state === 'skipped' ? ' (skipped)' : '';
      const status = state === 'running' ? 'in_progress' : state === 'done' ? 'completed' : 'pending';
      return { content: `${s.id}. ${s.description}${note}`, status, activeForm: `Step ${s.id}: ${s.description}` };
    });
    o.emit({ type: 'todos', runId: o.runId, todos });
  };

  const runSteps = async (steps: TeamStep[], issues: Map<string, string[]>) => {
    for (const s of steps) states.set(s.id, 'pending');
    showPlan();
    const byId = new Map(plan.steps.map((s) => [s.id, s]));
    const running = new Map<string, Promise<void>>();
    for (;;) {
      if (o.signal.aborted) break;
      // A step whose dependency failed or was skipped is skipped too.
      for (const s of steps) {
        if (states.get(s.id) === 'pending' && s.dependencies.some((d) => ['failed', 'skipped'].includes(states.get(d) ?? ''))) {
          states.set(s.id, 'skipped');
          showPlan();
        }
      }
      const ready = steps.filter((s) => states.get(s.id) === 'pending' && s.dependencies.every((d) => states.get(d) === 'done'));
      for (const step of ready.slice(0, Math.max(0, o.maxParallel - running.size))) {
        states.set(step.id, 'running');
        const inputs = step.dependencies.map((d) => ({ step: byId.get(d) as TeamStep, result: results.get(d) ?? '' }));
        const work = child(workerAgent(o.models.worker))
          .ask(stepBrief(o.task, plan, step, inputs, issues.get(step.id) ?? []))
          .then((outcome: ChildOutcome) => {
            const ok = outcome.reason === 'done' && outcome.text.trim() !== '';
            states.set(step.id, ok ? 'done' : 'failed');
            results.set(step.id, ok ? outcome.text.trim() : `failed: ${outcome.error ?? outcome.reason}`);
            running.delete(step.id);
            showPlan();
          });
        running.set(step.id, work);
      }
      if (running.size === 0) break;
      showPlan();
      await Promise.race(running.values());
    }
    await Promise.all(running.values());
  };

  await runSteps(plan.steps, new Map());
  let review: TeamReview | undefined;
  let reviewProblem = '';
  for (let round = 0; round <= maxReviewRounds && !o.signal.aborted; round++) {
    const reviewed = await askStructured<TeamReview>(child(reviewerAgent(o.models.reviewer)), reviewBrief(o.task, plan, results), reviewSchema);
    if (!reviewed.ok) {
      reviewProblem = reviewed.problem;
      review = undefined;
      break;
    }
    review = reviewed.value;
    // Approval is the parsed field, never a word found in the text.
    if (review.approved === true || round === maxReviewRounds) break;
    const flagged = new Map<string, string[]>();
    for (const issue of review.issues) {
      const stepId = typeof issue === 'string' ? undefined : issue.step;
      const text = typeof issue === 'string' ? issue : issue.problem;
      for (const s of plan.steps) if (stepId === undefined || stepId === s.id) flagged.set(s.id, [...(flagged.get(s.id) ?? []), text]);
    }
    const again = flagged.size > 0 ? plan.steps.filter((s) => flagged.has(s.id)) : plan.steps;
    await runSteps(again, flagged);
  }
  return report(plan, states, results, review, reviewProblem, o.signal.aborted);
}

function report(plan: TeamPlan, states: Map<string, StepState>, results: Map<string, string>, review: TeamReview | undefined, reviewProblem: string, aborted: boolean): TeamReport {
  const lines = [`Team plan: ${plan.summary}`, ''];
  for (const s of plan.steps) {
    const state = states.get(s.id) ?? 'pending';
    lines.push(`${s.id}. ${s.description}: ${state}`);
    const result = results.get(s.id);
    if (result && state !== 'skipped') lines.push(`   ${result.split('\n')[0].slice(0, 300)}`);
  }
  lines.push('');
  if (aborted) lines.push('The team was stopped before it finished.');
  else if (!review) lines.push(`Review: the reviewer gave no usable verdict (${reviewProblem}).`);
  else {
    lines.push(`Review: ${review.approved ? 'approved' : 'not approved'}. ${review.summary}`);
    for (const issue of review.issues) lines.push(`- ${typeof issue === 'string' ? issue : `${issue.step ? `step ${issue.step}: ` : ''}${issue.problem}`}`);
    for (const suggestion of review.suggestions) lines.push(`- suggestion: ${suggestion}`);
  }
  const allDone = plan.steps.every((s) => states.get(s.id) === 'done');
  const error = aborted ? undefined
    : !allDone ? 'Some steps of the team failed or were skipped.'
    : !review ? 'The reviewer gave no usable verdict.'
    : review.approved !== true ? `The reviewer did not approve the work after ${maxReviewRounds} rounds of fixes.`
    : undefined;
  return { ok: !aborted && error === undefined, text: lines.join('\n'), ...(error ? { error } : {}) };
}
