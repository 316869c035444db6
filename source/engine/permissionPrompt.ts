// --permission-prompt-tool: an MCP tool decides each call that would ask, with Claude Code's input and answer.
import { claudeToolName, fromClaudeInput, toClaudeInput } from '../extensions/hookToolNames.js';
import { runToolCall, type ToolRegistry } from '../tools/runner.js';
import type { ToolContext } from '../tools/types.js';
import type { AskAnswer, AskFallback } from './askFallback.js';

export interface PermissionPromptOptions {
  /** The tool as the registry names it: mcp__<server>__<tool>. */
  toolName: string;
  registry: () => ToolRegistry;
  /** Waits for the MCP servers still connecting, so the tool can be there for the first call. */
  whenReady?: () => Promise<void>;
  /** Where the tool runs (cwd, workspace, session state); the signal and call id come with each question. */
  context: Omit<ToolContext, 'signal' | 'toolCallId' | 'onProgress'>;
}

/**
 * The tool gets `{tool_name, input, tool_use_id}` in Claude Code's names (Bash, Write, file_path…) and answers with
 * text holding `{"behavior":"allow","updatedInput":{…}}` or `{"behavior":"deny","message":"…"}` (measured on Claude Code 2.1.197).
 */
export function permissionPromptFallback(o: PermissionPromptOptions): AskFallback {
  return async (request, signal): Promise<AskAnswer> => {
    if (!o.registry().get(o.toolName)) await o.whenReady?.();
    if (!o.registry().get(o.toolName)) {
      return { behavior: 'deny', message: `${request.toolName} needs approval, and the permission prompt tool ${o.toolName} is not available (its MCP server is not connected), so the call was denied.` };
    }
    const input = { tool_name: claudeToolName(request.toolName), input: toClaudeInput(request.toolName, request.input, o.context.cwd), tool_use_id: request.toolUseId };
    const result = await runToolCall(o.registry(), { id: `${request.toolUseId}-permission`, name: o.toolName, input }, {
      ...o.context, signal, toolCallId: `${request.toolUseId}-permission`, onProgress: () => {},
    });
    const answer = result.isError ? undefined : parseAnswer(result.content);
    if (!answer) {
      const why = result.isError ? `it failed: ${result.content.split('\n')[0]}` : 'its answer was not {"behavior":"allow"|"deny",…}';
      return { behavior: 'deny', message: `The permission prompt tool ${o.toolName} could not decide on this ${request.toolName} call (${why}), so it was denied.` };
    }
    if (answer.behavior === 'deny') return answer;
    return answer.updatedInput ? { behavior: 'allow', updatedInput: fromClaudeInput(request.toolName, answer.updatedInput) } : { behavior: 'allow' };
  };
}

/** The tool's answer: JSON text, perhaps among other text parts (the adapter joins them with newlines). */
function parseAnswer(content: string): AskAnswer | undefined {
  for (const candidate of [content, ...content.split('\n')]) {
    let value: unknown;
    try {
      value = JSON.parse(candidate.trim());
    } catch {
      continue;
    }
    if (value === null || typeof value !== 'object') continue;
    const { behavior, updatedInput, message } = value as Record<string, unknown>;
    const input = updatedInput !== null && typeof updatedInput === 'object' && !Array.isArray(updatedInput) ? (updatedInput as Record<string, unknown>) : undefined;
    if (behavior === 'allow') return input ? { behavior, updatedInput: input } : { behavior };
    if (behavior === 'deny') return { behavior, message: typeof message === 'string' && message.trim() ? message : 'The permission prompt tool denied this call.' };
  }
  return undefined;
}
