// What a served tool call would ask goes to the MCP client as an elicitation; a client that cannot be asked gets a refusal.
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { AskAnswer } from '../engine/askFallback.js';
import type { PermissionMode } from '../protocol/events.js';
import type { ServedQuestion } from './mcpServeTools.js';
import { errorMessage } from '../util/errors.js';

/** A person may take a while to answer; the SDK's own minute is too short for reading a diff. */
const answerTimeoutMs = 30 * 60_000;
const maxDiffChars = 6_000;

/** The question as the client's user reads it: the tool, its key argument, and the change it would make. */
function questionText(q: ServedQuestion): string {
  const head = `rein asks: allow ${q.toolName}${q.summary ? ` ${q.summary.split('\n')[0]}` : ''}?`;
  if (!q.diff) return head;
  const diff = q.diff.length > maxDiffChars ? `${q.diff.slice(0, maxDiffChars)}\n… (${q.diff.length - maxDiffChars} more characters of the diff)` : q.diff;
  return `${head}\n\n${diff}`;
}

/** The refusal a client without elicitation support gets, with the ways to let the call through. */
function cannotAskMessage(toolName: string, mode: PermissionMode): string {
  const widen = mode === 'ask' ? ' start `rein mcp serve --permission-mode auto-edit` for edits,' : '';
  return `${toolName} needs the user's approval, and this MCP client cannot be asked (it declares no form elicitation support), so rein refused the call. Use read-only tools, or have the user${widen} add an allow rule for it to ~/.claude/settings.json or agent.config.json.`;
}

export function elicitationAsk(server: Server, mode: PermissionMode): (q: ServedQuestion, signal: AbortSignal) => Promise<AskAnswer> {
  return async (q, signal) => {
    if (!server.getClientCapabilities()?.elicitation?.form) return { behavior: 'deny', message: cannotAskMessage(q.toolName, mode) };
    let action: string;
    try {
      // No fields: accepting the form is the approval, declining it the refusal.
      const result = await server.elicitInput({ mode: 'form', message: questionText(q), requestedSchema: { type: 'object', properties: {} } }, { signal, timeout: answerTimeoutMs });
      action = result.action;
    } catch (error) {
      if (signal.aborted) return { behavior: 'deny', message: `The ${q.toolName} call was cancelled before the user answered.` };
      const why = errorMessage(error);
      return { behavior: 'deny', message: `${q.toolName} needs the user's approval, and asking through the MCP client failed (${why}), so rein refused the call.` };
    }
    if (action === 'accept') return { behavior: 'allow' };
    if (action === 'decline') return { behavior: 'deny', message: `The user declined this ${q.toolName} call. Do not try to reach the same result another way; ask the user what they want instead.` };
    return { behavior: 'deny', message: `The user dismissed the question about this ${q.toolName} call, so it did not run.` };
  };
}
