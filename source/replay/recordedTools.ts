// --replay-tools recorded: the built-in tools answer with the results the recording holds, by call id, and run
// nothing: no command starts, no file is read or written.
import { errorResult, type AnyTool } from '../tools/types.js';
import type { Recording } from './recording.js';

export function recordedTools(tools: readonly AnyTool[], recording: Recording): AnyTool[] {
  return tools.map((tool) => ({
    ...tool,
    execute(_args: Record<string, unknown>, ctx: { toolCallId: string }) {
      const recorded = recording.toolResults.get(ctx.toolCallId);
      if (!recorded) return Promise.resolve(errorResult(`This ${tool.name} call (${ctx.toolCallId}) is not in the recording, so it was not run.`));
      return Promise.resolve({ content: recorded.content, display: { kind: 'text' as const, text: recorded.content }, isError: recorded.isError });
    },
  }));
}
