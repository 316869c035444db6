// A read-only tool that returns a lot of text per call, for filling the context window in tests.
import { defineTool, textResult } from '../../source/tools/types.js';

/** Each call returns its number and `repeat` copies of a 23-character phrase (about 5 characters a token). */
export const makeBulkTool = (repeat = 1000) =>
  defineTool<{ n: number }>({
    name: 'bulk',
    description: 'returns a lot of text',
    inputSchema: { type: 'object', properties: { n: { type: 'number' } }, required: ['n'] },
    readOnly: true,
    async execute(args) {
      return textResult(`chunk ${args.n}\n${'alpha beta gamma delta '.repeat(repeat)}`);
    },
  });
