// What one headless run did, gathered from its events (children's included) for the closing result.
import type { AgentEvent, EventOf } from '../protocol/events.js';
import { addUsage, emptyUsage, type StopReason, type Usage } from '../protocol/messages.js';

export interface Denial {
  name: string;
  toolCallId: string;
  input: Record<string, unknown>;
}

export class RunFacts {
  readonly started = Date.now();
  end?: EventOf<'run_end'>;
  readonly errors: string[] = [];
  /** Every model call's tokens by the model that made it, subagents' included: what the run cost. */
  readonly usageByModel: Record<string, Usage> = {};
  /** Results the run's own loop sent back to the model (Claude Code's num_turns counts them). */
  toolResults = 0;
  readonly denials: Denial[] = [];
  /** The model's own reason its last message ended (end_turn, tool_use, max_tokens…). */
  stopReason?: StopReason;
  /** Milliseconds spent waiting on model calls (retries included). */
  apiMs = 0;
  /** The HTTP status of the model call that ended the run in an error, when it had one. */
  apiErrorStatus?: number;
  /** The run ended because a model call failed (not a tool, a hook or a command). */
  modelFailed = false;
  /** The last thing under way was a tool round (for an interrupted run: tools, not the stream). */
  inTools = false;
  private readonly calls = new Map<string, { name: string; input: Record<string, unknown> }>();
  private readonly callStarted = new Map<string, number>();

  observe(event: AgentEvent, now = Date.now()): void {
    const own = event.agentId === undefined;
    switch (event.type) {
      case 'message_start':
        this.callStarted.set(event.messageId, now);
        if (own) this.inTools = false;
        break;
      case 'message_end': {
        const began = this.callStarted.get(event.messageId);
        if (began !== undefined) this.apiMs += now - began;
        this.callStarted.delete(event.messageId);
        for (const block of event.message.content) if (block.type === 'tool_use') this.calls.set(block.id, { name: block.name, input: block.input });
        if (!own) break;
        if (event.stopReason !== 'error' && event.stopReason !== 'aborted') this.stopReason = event.stopReason;
        this.modelFailed = event.stopReason === 'error';
        if (event.stopReason === 'tool_use') this.inTools = true;
        break;
      }
      case 'usage': {
        const model = event.model ?? 'unknown';
        this.usageByModel[model] = addUsage(this.usageByModel[model] ?? emptyUsage(), event.turnUsage);
        break;
      }
      case 'tool_end':
        if (own) this.toolResults += 1;
        if (event.denied) this.denials.push({ name: event.name, toolCallId: event.toolCallId, input: this.calls.get(event.toolCallId)?.input ?? {} });
        break;
      case 'error':
        if (!own) break;
        this.errors.push(event.message);
        if (event.status !== undefined) this.apiErrorStatus = event.status;
        break;
      case 'run_end':
        if (own) this.end = event;
        break;
    }
  }

  /** Tokens of every model call of the run. */
  totalUsage(): Usage {
    return Object.values(this.usageByModel).reduce(addUsage, emptyUsage());
  }
}
