// StructuredOutput (--json-schema): the tool whose arguments are the run's answer, checked against the user's schema.
import { defineTool } from './types.js';

/** Claude Code's name for the tool, so prompts and hooks written for it match. */
export const structuredOutputToolName = 'StructuredOutput';

/**
 * The runner checks the arguments against `schema` with ajv before the tool runs; `accept` receives them as checked
 * (a number sent as "10" arrives as 10), so the value kept is the one that fits the schema.
 */
export function structuredOutputTool(schema: Record<string, unknown>, accept: (toolCallId: string, value: Record<string, unknown>) => void) {
  return defineTool<Record<string, unknown>>({
    name: structuredOutputToolName,
    description: 'Use this tool to return your final response in the requested structured format. You MUST call this tool exactly once at the end of your response to provide the structured output.',
    inputSchema: schema,
    readOnly: true,
    execute(args, ctx) {
      accept(ctx.toolCallId, args);
      return Promise.resolve({ content: 'Structured output provided successfully', display: { kind: 'text', text: 'structured output given' }, isError: false });
    },
  });
}
