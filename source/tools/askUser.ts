// ask_user: the model asks the user one to four multiple-choice questions (Claude Code's AskUserQuestion); the user
// picks an option or writes their own answer. Headless, nobody answers: the model is told to decide itself.
import { defineTool, errorResult, textResult } from './types.js';
import { type UserQuestion } from '../protocol/tools.js';

export interface AskUserArgs {
  questions: UserQuestion[];
}

export const unavailableAnswer = 'The user is not available to answer; decide yourself, and say in your answer what you assumed.';

export const askUserTool = defineTool<AskUserArgs>({
  name: 'ask_user',
  description: 'Ask the user 1-4 multiple-choice questions when a choice is theirs to make; each answer is an option or their own words.',
  inputSchema: {
    type: 'object',
    properties: {
      questions: {
        type: 'array',
        minItems: 1,
        maxItems: 4,
        items: {
          type: 'object',
          properties: {
            question: { type: 'string', minLength: 1 },
            header: { type: 'string', description: 'A few words' },
            options: {
              type: 'array',
              minItems: 2,
              maxItems: 4,
              items: { type: 'object', properties: { label: { type: 'string', minLength: 1 }, description: { type: 'string' } }, required: ['label'], additionalProperties: false },
            },
            multiSelect: { type: 'boolean' },
          },
          required: ['question', 'options'],
          additionalProperties: false,
        },
      },
    },
    required: ['questions'],
    additionalProperties: false,
  },
  readOnly: false,
  // Asking is the user's own channel: nothing to approve.
  autoApproved: true,
  summarize: (args) => args.questions.map((q) => q.header ?? q.question).join(' · '),

  async execute(args, ctx) {
    const answer = (await ctx.askUser?.({ kind: 'questions', questions: args.questions })) ?? 'unavailable';
    if (answer === 'unavailable') return textResult(unavailableAnswer, false, 'no one to ask (headless)');
    if (answer === 'aborted' || answer.kind === 'dismissed') return errorResult('The user dismissed the questions without answering; go on as you see best, or ask in words.', 'dismissed without an answer');
    if (answer.kind !== 'answers') return errorResult('The answer did not fit the questions.');
    const lines = args.questions.map((q) => `"${q.question}" = "${answer.answers[q.question] ?? '(no answer)'}"`);
    return textResult(`The user answered: ${lines.join('; ')}. Go on with these answers in mind.`, false, lines.join('\n'));
  },
});
