// exit_plan_mode: in plan mode the model presents its plan; the user approves it (and picks how much rein asks
// while carrying it out) or sends it back with feedback. Headless, the plan is the run's answer and the run ends.
import { defineTool, errorResult, textResult } from './types.js';

export interface ExitPlanModeArgs {
  plan: string;
}

export const exitPlanModeTool = defineTool<ExitPlanModeArgs>({
  name: 'exit_plan_mode',
  description: 'In plan mode, present your finished plan (markdown) for the user to approve before you change anything.',
  inputSchema: {
    type: 'object',
    properties: { plan: { type: 'string', minLength: 1 } },
    required: ['plan'],
    additionalProperties: false,
  },
  readOnly: false,
  autoApproved: true,
  summarize: (args) => args.plan.split('\n').find((line) => line.trim() !== '')?.replace(/^#+\s*/, '').slice(0, 80) ?? 'plan',

  async execute(args, ctx) {
    if (ctx.mode !== undefined && ctx.mode !== 'plan') {
      return textResult('rein is not in plan mode, so no plan needs approving: go ahead with the work.', false, 'not in plan mode');
    }
    const answer = (await ctx.askUser?.({ kind: 'plan', plan: args.plan })) ?? 'unavailable';
    if (answer === 'unavailable') {
      return { content: 'The plan was shown to the user; the run ends here.', display: { kind: 'text', text: 'plan shown' }, isError: false, effects: { endRun: args.plan } };
    }
    if (answer === 'aborted' || answer.kind === 'dismissed') return errorResult('The user closed the plan without deciding; stay in plan mode and ask what they want.', 'closed without a decision');
    if (answer.kind !== 'plan') return errorResult('The answer did not fit the plan.');
    switch (answer.decision) {
      case 'approve-auto-edit':
        return { ...textResult('The user approved the plan and switched to auto-edit mode: file edits run without asking, commands still ask. Carry out the plan now.', false, 'approved · auto-edit'), effects: { mode: 'auto-edit' } };
      case 'approve-ask':
        return { ...textResult('The user approved the plan; rein asks before each edit and command. Carry out the plan now.', false, 'approved · ask'), effects: { mode: 'ask' } };
      case 'keep-planning': {
        const feedback = answer.feedback?.trim();
        return textResult(`The user wants to keep planning${feedback ? `: ${feedback}` : ''}. Revise the plan and present it again.`, false, feedback ? `keep planning: ${feedback}` : 'keep planning');
      }
    }
  },
});
