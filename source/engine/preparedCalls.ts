// Runs the tool calls a custom command needs before the model is called (its !`command`s and @files), with the same
// permission checks, approvals and events as the model's own calls; their results go into the message, not the history.
import type { CommandTools, PreparedCall, PreparedResult, PrepareOptions } from '../extensions/commandExpand.js';
import type { ToolResult } from '../protocol/tools.js';
import type { AgentEvent, PermissionMode } from '../protocol/events.js';
import { newId } from '../protocol/ids.js';
import { runToolRound, type ToolEnvironment } from './toolRound.js';

export function preparedCallRunner(env: ToolEnvironment & { runId: string; mode: PermissionMode; emit: (event: AgentEvent) => void; sessionId: string }): CommandTools {
  return {
    sessionId: env.sessionId,
    async run(calls: PreparedCall[], options: PrepareOptions = {}): Promise<PreparedResult[]> {
      const uses = calls.map((c) => ({ type: 'tool_use' as const, id: newId('call'), name: c.name, input: c.input }));
      // A call that was refused ends without ever starting: that tells a refusal from a command that failed.
      const started = new Set<string>();
      const results = new Map<string, ToolResult>();
      await runToolRound({
        ...env,
        // An untrusted project's command is judged as in ask mode (plan mode, stricter still, stays).
        mode: options.askFirst && env.mode !== 'plan' ? 'ask' : env.mode,
        calls: uses,
        emit: (event) => {
          if (event.type === 'tool_start') started.add(event.toolCallId);
          if (event.type === 'tool_end') results.set(event.toolCallId, event.result);
          env.emit(event);
        },
      });
      return uses.map((u) => ({
        ran: started.has(u.id) && !env.signal.aborted,
        result: results.get(u.id) ?? { content: 'interrupted', display: { kind: 'text', text: 'interrupted' }, isError: true },
      }));
    },
  };
}
