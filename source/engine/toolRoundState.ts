// The calls of one tool round and the states each walks through, with the one place a call's result is recorded.
import type { ToolUseBlock } from '../protocol/messages.js';
import type { ToolResult } from '../protocol/tools.js';
import type { AnyTool } from '../tools/types.js';
import type { Decision } from '../permissions/decide.js';
import type { ToolRoundParams } from './toolRoundTypes.js';
import { unwrapProxyCall } from '../mcp/toolSearch.js';
import { omit } from '../util/omit.js';

/**
 * received → validated → hook-checked → decided → (asked →) running → done. A call whose tool is unknown or whose
 * arguments do not fit goes straight to running (the runner answers it); a refused one goes to done; so does every call
 * still open when the round ends (aborted, interrupted).
 */
export type CallState = 'received' | 'validated' | 'hook-checked' | 'decided' | 'asked' | 'running' | 'done';

const next: Record<CallState, readonly CallState[]> = {
  received: ['validated', 'running', 'done'],
  validated: ['hook-checked', 'done'],
  'hook-checked': ['decided', 'running', 'done'],
  decided: ['asked', 'running', 'done'],
  asked: ['running', 'done'],
  running: ['done'],
  done: [],
};

export const canMove = (from: CallState, to: CallState): boolean => next[from].includes(to);

export interface RoundCall {
  index: number;
  /** A copy: PreToolUse hooks, PermissionRequest hooks and a permission prompt tool may rewrite its arguments; the history keeps what the model sent. */
  call: ToolUseBlock;
  tool?: AnyTool;
  state: CallState;
  /** The runner answers it without running it (unknown tool, bad arguments): no tool hooks for it. */
  runnerAnswers: boolean;
  decision?: Decision;
  startedAt?: number;
  result?: ToolResult;
}

export class RoundCalls {
  readonly calls: RoundCall[];

  constructor(readonly p: ToolRoundParams) {
    // A call through the MCP proxy is taken as the found tool's own call from here on (rules, hooks, events).
    this.calls = p.calls.map((call, index) => {
      const own = unwrapProxyCall({ ...call }, (name) => p.registry.isUnlisted(name));
      return { index, call: own, tool: p.registry.get(own.name), state: 'received', runnerAnswers: false };
    });
  }

  move(c: RoundCall, to: CallState): void {
    if (!canMove(c.state, to)) throw new Error(`A ${c.call.name} call cannot go from ${c.state} to ${to}.`);
    c.state = to;
  }

  /** Records a call's result and shows it; `denied`: a permission decision refused it (a rule, the mode, a hook, the user, or no one to ask). */
  finish(c: RoundCall, result: ToolResult, denied = false): void {
    const p = this.p;
    this.move(c, 'done');
    c.result = result;
    if (result.effects?.mode) p.setMode?.(result.effects.mode);
    if (result.effects?.endRun !== undefined) p.onEndRun?.(result.effects.endRun);
    // Image data stays out of events (the store, headless output, the log's event lines): the history carries it.
    const shown = omit(result, 'images');
    const name = c.call.name;
    p.emit({
      type: 'tool_end', runId: p.runId, toolCallId: c.call.id, name, result: shown, durationMs: c.startedAt ? Date.now() - c.startedAt : 0,
      ...(denied ? { denied: true } : {}),
    });
    if (name === 'todo_write' && !result.isError) p.emit({ type: 'todos', runId: p.runId, todos: [...p.state.todos] });
  }

  /** Refuses a call with a message for the model and a short label for the screen. */
  refuse(c: RoundCall, message: string, label: string): void {
    this.finish(c, { content: message, display: { kind: 'text', text: label }, isError: true }, true);
  }

  /** Tools still may run: not aborted, and no PermissionRequest hook interrupted the run. */
  going(): boolean {
    return !this.p.signal.aborted && this.p.hooks?.state.interrupt === undefined;
  }
}
