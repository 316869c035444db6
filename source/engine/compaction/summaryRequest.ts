// Builds the request that asks the model to summarise the older part of the conversation.
import type { Message } from '../../protocol/messages.js';
import { defaultTranscriptLimits, renderTranscript, type TranscriptLimits } from './transcript.js';

export const summarySystemPrompt = `You summarise a conversation between a user and rein, a terminal coding agent, so the work can continue in a fresh context that holds only your summary and the newest messages. Write plain markdown with exactly these sections:

## User goals and instructions
What the user wants, and EVERY explicit instruction, constraint or preference the user gave, quoted VERBATIM in order. Never paraphrase, merge or drop one.

## Decisions
Decisions made and why, including approaches tried and rejected.

## Files touched
Every file read, created or changed: its path, what changed and why.

## Errors and fixes
Errors hit (the command and the exact message) and how each was solved, or that it is still open.

## Current state
Where the work stands: what is done, what is in progress, what was being done last.

## Next steps
What remains, in order, as the work would continue.

Keep file paths, names, commands, values and error messages exact. Leave out pleasantries and anything that no longer matters. Reply with the summary only.`;

/** The system prompt and the one user message (a transcript of `older`) for the summary call. */
export function summaryRequest(
  older: Message[],
  instructions?: string,
  limits: TranscriptLimits = defaultTranscriptLimits,
): { system: string; messages: Message[] } {
  const parts = [
    'Summarise the conversation in the transcript below, following the sections in your instructions.',
    `<transcript>\n${renderTranscript(older, limits)}\n</transcript>`,
  ];
  const extra = instructions?.trim();
  if (extra) parts.push(`Additional instructions from the user: ${extra}`);
  return { system: summarySystemPrompt, messages: [{ role: 'user', content: [{ type: 'text', text: parts.join('\n\n') }] }] };
}
