// `rein sessions export <id> --record <file>`: a session log turned into a recording, as far as the log allows. The
// log keeps each answer whole (not its streamed pieces, not the requests): each answer becomes one text event and
// whole tool calls, without timing, and nothing is compared on replay.
import type { AgentEvent } from '../protocol/events.js';
import type { ProviderEvent } from '../providers/types.js';
import type { MetaRecord } from '../sessionLog/records.js';
import { recordingVersion, type RecordingLine } from './recording.js';

export function recordingFromLog(meta: MetaRecord, events: readonly AgentEvent[]): RecordingLine[] {
  const lines: RecordingLine[] = [{
    type: 'header', version: recordingVersion, provider: meta.provider === 'anthropic' ? 'anthropic' : 'openai', model: meta.model,
    facts: { date: meta.startedAt, cwd: meta.cwd, platform: process.platform },
  }];
  let turn = 0;
  for (const event of events) {
    // The session's own calls only: a subagent's answers come from its own calls, which a replay makes anew.
    if ('agentId' in event && event.agentId !== undefined) continue;
    if (event.type === 'run_start' && event.prompt !== '') lines.push({ type: 'prompt', text: event.prompt });
    if (event.type === 'tool_end') lines.push({ type: 'tool_result', toolUseId: event.toolCallId, content: event.result.content, isError: event.result.isError });
    if (event.type !== 'message_end') continue;
    turn += 1;
    lines.push({ type: 'request', turn, size: 0 });
    const streamed: ProviderEvent[] = [];
    for (const block of event.message.content) {
      if (block.type === 'text' && block.text !== '') streamed.push({ type: 'text_delta', text: block.text });
      if (block.type === 'thinking' && block.thinking !== '') streamed.push({ type: 'thinking_delta', text: block.thinking });
      if (block.type === 'tool_use') {
        streamed.push({ type: 'tool_call_start', id: block.id, name: block.name }, { type: 'tool_call_delta', id: block.id, partialJson: JSON.stringify(block.input) });
      }
    }
    streamed.push({ type: 'usage', usage: event.usage }, { type: 'done', message: event.message, stopReason: event.stopReason, usage: event.usage });
    for (const item of streamed) lines.push({ type: 'event', turn, t: 0, event: item });
  }
  return lines;
}
