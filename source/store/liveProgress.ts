// What the screen shows while a run works: when the run and each tool call started, and the tokens streamed so far.
import type { AgentEvent } from '../protocol/events.js';
import { estimateTokensOfChars } from '../engine/tokens.js';
import type { AppState, TranscriptItem } from './state.js';
import { findItemIndex } from './transcript.js';

/**
 * Gives the run started in `events` and each tool call they started the time it was first seen (events carry no
 * times); a call that already has one keeps it.
 */
export function stampStarts(state: AppState, events: readonly AgentEvent[], now: number): AppState {
  let next = state;
  let transcript: TranscriptItem[] | undefined;
  for (const event of events) {
    if (event.agentId !== undefined) continue;
    if (event.type === 'run_start' && next.runId === event.runId && next.runStartedAt !== now) next = { ...next, runStartedAt: now };
    if (event.type !== 'tool_start') continue;
    const index = findItemIndex(next.transcript, event.toolCallId);
    const item = (transcript ?? next.transcript)[index];
    if (!item || item.kind !== 'tool' || item.startedAt !== undefined || item.done) continue;
    transcript ??= next.transcript.slice();
    transcript[index] = { ...item, startedAt: now };
  }
  return transcript ? { ...next, transcript } : next;
}

/** Output tokens so far: the provider's count, plus an estimate of what streamed since it last reported. */
export function liveOutputTokens(state: AppState): number {
  return state.usage.outputTokens + estimateTokensOfChars(state.streamedChars ?? 0);
}

/** When the newest running tool call of the current run started, if one is running (searched back to the prompt). */
export function runningToolSince(transcript: readonly TranscriptItem[]): number | undefined {
  for (let i = transcript.length - 1; i >= 0; i--) {
    const item = transcript[i];
    if (item.kind === 'user') return undefined;
    if (item.kind === 'tool' && !item.done && item.status === 'running' && !item.subagent && item.startedAt !== undefined) return item.startedAt;
  }
  return undefined;
}
