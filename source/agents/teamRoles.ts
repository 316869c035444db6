// Team mode's roles (planner, reviewer; workers are `general` children), their answer shapes and their briefs.
import { builtinAgents } from './builtinAgents.js';
import type { AgentDefinition } from './types.js';

export interface TeamStep {
  id: string;
  description: string;
  type?: string;
  dependencies: string[];
}

export interface TeamPlan {
  summary: string;
  steps: TeamStep[];
}

export type ReviewIssue = string | { step?: string; problem: string };

export interface TeamReview {
  approved: boolean;
  summary: string;
  issues: ReviewIssue[];
  suggestions: string[];
}

export const planSchema = {
  type: 'object',
  required: ['summary', 'steps'],
  properties: {
    summary: { type: 'string' },
    steps: {
      type: 'array',
      minItems: 1,
      items: {
        type: 'object',
        required: ['id', 'description'],
        properties: {
          id: { type: 'string', minLength: 1 },
          description: { type: 'string', minLength: 1 },
          type: { type: 'string' },
          dependencies: { type: 'array', items: { type: 'string' }, default: [] },
        },
      },
    },
  },
};

export const reviewSchema = {
  type: 'object',
  required: ['approved', 'summary'],
  properties: {
    approved: { type: 'boolean' },
    summary: { type: 'string' },
    issues: {
      type: 'array',
      default: [],
      items: {
        anyOf: [
          { type: 'string' },
          { type: 'object', required: ['problem'], properties: { step: { type: 'string' }, problem: { type: 'string' } } },
        ],
      },
    },
    suggestions: { type: 'array', items: { type: 'string' }, default: [] },
  },
};

const jsonOnly = 'Answer with one JSON object and nothing else: no prose around it, no code fence.';

export function plannerAgent(model?: string): AgentDefinition {
  const explore = builtinAgents.find((a) => a.name === 'explore') as AgentDefinition;
  return {
    ...explore,
    name: 'planner',
    description: 'Plans a team task as steps with dependencies.',
    model,
    systemPrompt: [
      explore.systemPrompt,
      '',
      'You are the planner of a team: read what you need, then split the task into steps that workers with',
      'every tool will carry out. Steps that do not depend on each other run at the same time, so name every',
      `real dependency. ${jsonOnly} Its shape:`,
      '{"summary": "…", "steps": [{"id": "1", "description": "what to do, with the files", "type": "general", "dependencies": []}]}',
    ].join('\n'),
  };
}

export function reviewerAgent(model?: string): AgentDefinition {
  const verification = builtinAgents.find((a) => a.name === 'verification') as AgentDefinition;
  return {
    ...verification,
    name: 'reviewer',
    description: 'Reviews the work of a team.',
    model,
    systemPrompt: [
      verification.systemPrompt,
      '',
      'You are the reviewer of a team: check that the steps were done and the task is solved (read the',
      `changed files, run the tests). ${jsonOnly} Its shape:`,
      '{"approved": true, "summary": "…", "issues": [{"step": "2", "problem": "…"}], "suggestions": ["…"]}',
    ].join('\n'),
  };
}

export function workerAgent(model?: string): AgentDefinition {
  const general = builtinAgents.find((a) => a.name === 'general') as AgentDefinition;
  return { ...general, name: 'worker', model };
}

export const planBrief = (task: string) => `Plan this task for the team:\n\n${task}`;

export function stepBrief(task: string, plan: TeamPlan, step: TeamStep, inputs: Array<{ step: TeamStep; result: string }>, issues: string[]): string {
  const parts = [
    `You are one worker of a team. The whole task: ${task}`,
    `The team's plan: ${plan.summary}`,
    `Your step (${step.id}): ${step.description}`,
  ];
  for (const input of inputs) parts.push(`Result of step ${input.step.id} (${input.step.description}):\n${input.result}`);
  if (issues.length > 0) parts.push(`A reviewer found problems with this step's earlier result; fix them:\n${issues.map((i) => `- ${i}`).join('\n')}`);
  parts.push('Do only your step, then report what you did and which files you changed.');
  return parts.join('\n\n');
}

export function reviewBrief(task: string, plan: TeamPlan, results: Map<string, string>): string {
  const steps = plan.steps.map((s) => `Step ${s.id} (${s.description}):\n${results.get(s.id) ?? '(not run)'}`);
  return [`Review the team's work on this task: ${task}`, `Plan: ${plan.summary}`, ...steps].join('\n\n');
}

/** A plan whose dependencies name unknown steps or go round in a circle cannot be run. */
export function planProblem(plan: TeamPlan): string | undefined {
  const ids = new Set<string>();
  for (const step of plan.steps) {
    if (ids.has(step.id)) return `two steps have the id "${step.id}"`;
    ids.add(step.id);
  }
  for (const step of plan.steps) {
    const unknown = step.dependencies.find((d) => !ids.has(d));
    if (unknown !== undefined) return `step "${step.id}" depends on "${unknown}", which is not a step`;
  }
  const state = new Map<string, 'visiting' | 'done'>();
  const byId = new Map(plan.steps.map((s) => [s.id, s]));
  const visit = (id: string): boolean => {
    if (state.get(id) === 'done') return false;
    if (state.get(id) === 'visiting') return true;
    state.set(id, 'visiting');
    const cycle = (byId.get(id)?.dependencies ?? []).some(visit);
    state.set(id, 'done');
    return cycle;
  };
  return plan.steps.some((s) => visit(s.id)) ? 'the step dependencies go round in a circle' : undefined;
}
