// --include-partial-messages: the model's stream as Anthropic's streaming events (message_start, content_block_start,
// deltas, content_block_stop, message_delta, message_stop), synthesised from rein's events whatever the provider.
import type { AgentEvent, EventOf } from '../protocol/events.js';

type StreamEvent = Record<string, unknown>;

interface MessageState {
  started: boolean;
  next: number;
  /** The open block: its index and kind (a tool call's id for tool_use). */
  open?: { index: number; kind: 'text' | 'thinking' | 'tool_use'; id?: string };
  /** Each tool call's block index, for deltas. */
  tools: Map<string, number>;
}

/** Anthropic's stop reasons; rein's aborted and error calls end with none. */
const stopReasons = new Set(['end_turn', 'tool_use', 'max_tokens', 'stop_sequence', 'refusal']);

export class PartialMessages {
  private readonly messages = new Map<string, MessageState>();

  private state(messageId: string): MessageState {
    let state = this.messages.get(messageId);
    if (!state) {
      state = { started: false, next: 0, tools: new Map() };
      this.messages.set(messageId, state);
    }
    return state;
  }

  /** The message_start a message's first streamed piece needs (again after a retry voided the attempt). */
  private start(messageId: string, model: string, out: StreamEvent[]): MessageState {
    const state = this.state(messageId);
    if (!state.started) {
      state.started = true;
      out.push({
        type: 'message_start',
        message: { id: messageId, type: 'message', role: 'assistant', model, content: [], stop_reason: null, stop_sequence: null, usage: { input_tokens: 0, output_tokens: 0 } },
      });
    }
    return state;
  }

  private close(state: MessageState, out: StreamEvent[]): void {
    if (state.open) out.push({ type: 'content_block_stop', index: state.open.index });
    state.open = undefined;
  }

  private open(state: MessageState, kind: 'text' | 'thinking' | 'tool_use', block: StreamEvent, out: StreamEvent[], id?: string): number {
    this.close(state, out);
    const index = state.next++;
    state.open = { index, kind, id };
    out.push({ type: 'content_block_start', index, content_block: block });
    return index;
  }

  /** Stream events for one of rein's events, before its assistant message (if any) is written. */
  events(event: AgentEvent, model: string): StreamEvent[] {
    const out: StreamEvent[] = [];
    switch (event.type) {
      case 'message_start':
        this.start(event.messageId, model, out);
        break;
      case 'text_delta': {
        const state = this.start(event.messageId, model, out);
        const index = state.open?.kind === 'text' ? state.open.index : this.open(state, 'text', { type: 'text', text: '' }, out);
        out.push({ type: 'content_block_delta', index, delta: { type: 'text_delta', text: event.text } });
        break;
      }
      case 'thinking_delta': {
        const state = this.start(event.messageId, model, out);
        const index = state.open?.kind === 'thinking' ? state.open.index : this.open(state, 'thinking', { type: 'thinking', thinking: '', signature: '' }, out);
        out.push({ type: 'content_block_delta', index, delta: { type: 'thinking_delta', thinking: event.text } });
        break;
      }
      case 'tool_call_start': {
        const state = this.start(event.messageId, model, out);
        state.tools.set(event.toolCallId, this.open(state, 'tool_use', { type: 'tool_use', id: event.toolCallId, name: event.name, input: {} }, out, event.toolCallId));
        break;
      }
      case 'tool_call_delta': {
        const state = this.start(event.messageId, model, out);
        const index = state.tools.get(event.toolCallId);
        if (index !== undefined) out.push({ type: 'content_block_delta', index, delta: { type: 'input_json_delta', partial_json: event.partialJson } });
        break;
      }
      case 'retry': {
        // What streamed is void; the next attempt starts a message of its own.
        const state = this.messages.get(event.messageId);
        if (state) {
          this.close(state, out);
          this.messages.set(event.messageId, { started: false, next: 0, tools: new Map() });
        }
        break;
      }
      default:
        break;
    }
    return out;
  }

  /** After the message's assistant lines: its last block closes, then message_delta and message_stop. */
  finish(event: EventOf<'message_end'>): StreamEvent[] {
    const state = this.messages.get(event.messageId);
    this.messages.delete(event.messageId);
    if (!state?.started) return [];
    const out: StreamEvent[] = [];
    this.close(state, out);
    out.push({
      type: 'message_delta',
      delta: { stop_reason: stopReasons.has(event.stopReason) ? event.stopReason : null, stop_sequence: null },
      usage: { output_tokens: event.usage.outputTokens },
    });
    out.push({ type: 'message_stop' });
    return out;
  }
}
