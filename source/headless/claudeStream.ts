// `--output-format stream-json` as Claude Code writes it: system/init first, assistant and user messages with content
// blocks, system notices, stream_event lines with --include-partial-messages, and the result last (the caller's).
import { randomUUID } from 'node:crypto';
import type { AgentEvent } from '../protocol/events.js';
import type { AssistantBlock, Usage } from '../protocol/messages.js';
import { PartialMessages } from './partialMessages.js';

/** What system/init tells a reader about the session (gathered by the caller once its tools are known). */
export interface InitFacts {
  cwd: string;
  tools: string[];
  mcpServers: { name: string; status: string }[];
  model: string;
  permissionMode: string;
  slashCommands: string[];
  agents: string[];
  skills: string[];
  version: string;
}

export type Message = Record<string, unknown>;

const usageOf = (u: Usage) => ({
  input_tokens: Math.max(0, u.inputTokens - u.cacheReadTokens - u.cacheWriteTokens),
  output_tokens: u.outputTokens,
  cache_read_input_tokens: u.cacheReadTokens,
  cache_creation_input_tokens: u.cacheWriteTokens,
});

function blockOf(block: AssistantBlock): Message {
  switch (block.type) {
    case 'text': return { type: 'text', text: block.text };
    case 'thinking': return { type: 'thinking', thinking: block.thinking, signature: block.signature ?? '' };
    case 'redacted_thinking': return { type: 'redacted_thinking', data: block.data };
    case 'tool_use': return { type: 'tool_use', id: block.id, name: block.name, input: block.input };
  }
}

/**
 * Turns the engine's events into Claude Code's messages. Init is held back until the run's first turn, so its tool
 * list has the MCP servers' tools that connected meanwhile.
 */
export class ClaudeStream {
  private initSent = false;
  private readonly partial?: PartialMessages;
  /** The model each agent (undefined: the session's own loop) is using now. */
  private readonly models = new Map<string | undefined, string>();

  constructor(private readonly o: { sessionId: () => string; init: () => InitFacts; partialMessages: boolean }) {
    if (o.partialMessages) this.partial = new PartialMessages();
  }

  private envelope(event: AgentEvent, body: Message): Message {
    return { ...body, parent_tool_use_id: event.parentToolCallId ?? null, session_id: this.o.sessionId(), uuid: randomUUID() };
  }

  /** The init message, once; also when a run ends before its first turn. */
  private initOnce(out: Message[]): void {
    if (this.initSent) return;
    this.initSent = true;
    const f = this.o.init();
    out.push({
      type: 'system', subtype: 'init', cwd: f.cwd, session_id: this.o.sessionId(), tools: f.tools, mcp_servers: f.mcpServers, model: f.model,
      permissionMode: f.permissionMode, slash_commands: f.slashCommands, apiKeySource: 'none', output_style: 'default', agents: f.agents,
      skills: f.skills, plugins: [], rein_version: f.version, uuid: randomUUID(),
    });
  }

  /** The messages one event becomes (none for most). */
  messages(event: AgentEvent): Message[] {
    const out: Message[] = [];
    if (!['session_start', 'run_start', 'warning', 'hook', 'mcp_status', 'background_task', 'attachments'].includes(event.type)) this.initOnce(out);
    const model = () => this.models.get(event.agentId) ?? this.o.init().model;
    if (event.type === 'usage' && event.model) this.models.set(event.agentId, event.model);
    if (this.partial) for (const streamed of this.partial.events(event, model())) out.push(this.envelope(event, { type: 'stream_event', event: streamed }));
    switch (event.type) {
      case 'message_end':
        for (const block of event.message.content) {
          out.push(this.envelope(event, {
            type: 'assistant',
            message: { id: event.messageId, type: 'message', role: 'assistant', model: model(), content: [blockOf(block)], stop_reason: null, stop_sequence: null, usage: usageOf(event.usage), context_management: null },
          }));
        }
        if (this.partial) for (const streamed of this.partial.finish(event)) out.push(this.envelope(event, { type: 'stream_event', event: streamed }));
        break;
      case 'tool_end':
        out.push(this.envelope(event, {
          type: 'user',
          message: { role: 'user', content: [{ tool_use_id: event.toolCallId, type: 'tool_result', content: event.result.content, is_error: event.result.isError }] },
          timestamp: new Date().toISOString(),
          // Claude Code's per-tool detail; an error reads "Error: …" there, as measured.
          tool_use_result: event.result.isError ? `Error: ${event.result.content}` : event.result.content,
        }));
        break;
      case 'retry':
        out.push(this.envelope(event, { type: 'system', subtype: 'api_retry', attempt: event.attempt - 1, max_retries: event.maxAttempts - 1, retry_delay_ms: event.delayMs, error_status: null, error: event.reason }));
        break;
      case 'model_fallback':
        this.models.set(event.agentId, event.to);
        out.push(this.envelope(event, {
          type: 'system', subtype: 'model_fallback', trigger: event.reason === 'overloaded' ? 'overloaded' : 'last_resort',
          original_model: event.from, fallback_model: event.to, content: `Switched to ${event.to}: ${event.from} is ${event.reason} (${event.message})`,
        }));
        break;
      case 'compaction':
        if (event.level !== 'micro') out.push(this.envelope(event, { type: 'system', subtype: 'compact_boundary', compact_metadata: { trigger: event.level, pre_tokens: event.tokensBefore } }));
        break;
      default:
        break;
    }
    return out;
  }

  /** Init for a run that ended before anything else was said (a hook refused the prompt). */
  closing(): Message[] {
    const out: Message[] = [];
    this.initOnce(out);
    return out;
  }
}
