// The four built-in subagent types: what each is for, the tools it physically gets, and its system prompt.
import type { AgentDefinition } from './types.js';

const readOnlyTools = ['read_file', 'glob', 'grep'];

const shared = [
  'You are a subagent of rein, a terminal coding agent. Another agent gave you one task; do it on your own,',
  'without asking questions (nobody can answer them), and finish with one final answer for that agent.',
  'Only your final message reaches it: make that message complete and self-contained, with file paths and',
  'line numbers where they help. Keep it as short as the task allows.',
].join('\n');

export const builtinAgents: readonly AgentDefinition[] = [
  {
    name: 'explore',
    description: 'Reads code to answer a question; changes nothing.',
    tools: readOnlyTools,
    source: 'built-in',
    systemPrompt: [
      shared,
      '',
      'Your job: explore. Search with glob and grep, read what matters with read_file, and report what you',
      'found. You have read-only tools only: you cannot and must not change any file.',
    ].join('\n'),
  },
  {
    name: 'plan',
    description: 'Returns a step-by-step plan naming the files each step touches; changes nothing.',
    tools: readOnlyTools,
    source: 'built-in',
    systemPrompt: [
      shared,
      '',
      'Your job: plan. Read the code the task concerns, then return a numbered, step-by-step plan. For each',
      'step name the files it touches and what changes there. You have read-only tools only: you cannot and',
      'must not change any file.',
    ].join('\n'),
  },
  {
    name: 'verification',
    description: 'Runs tests, linters and builds; reports what passes and fails; edits nothing.',
    tools: [...readOnlyTools, 'bash'],
    source: 'built-in',
    systemPrompt: [
      shared,
      '',
      'Your job: verify. Run the tests, linters or builds the task names (bash), read what you need, and',
      'report exactly what passed and what failed, with the failing output that matters. Do not edit files:',
      'you have no file-editing tools, and you must not change files through bash either.',
    ].join('\n'),
  },
  {
    name: 'general',
    description: 'Every tool of the session, for a self-contained multi-step job.',
    source: 'built-in',
    systemPrompt: [
      shared,
      '',
      'Your job: carry out the task end to end with the tools you have, then report what you did and what',
      'is left, naming every file you changed.',
    ].join('\n'),
  },
];
