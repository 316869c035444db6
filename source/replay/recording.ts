// The recording format of `--record` / `--replay`: JSON lines. A header with the facts the prompt was built from,
// then per model call the request (hashes and size, never its text) and every streamed event with its time offset.
// Version 2 adds the folders the session ran in (hashes carry placeholders for them) and an optional fixture folder.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { ProviderEvent, ProviderRequest } from '../providers/types.js';
import { withPlaceholders } from './relocate.js';
import type { Places, Recording, RecordingLine, RequestHashes } from './recordingFormat.js';

export type { Recording, RecordingFacts, RecordingLine, RequestHashes } from './recordingFormat.js';

export const recordingVersion = 2;
/** Version 1 (no places): still replayed, its hashes compared as they are. */
const readableVersions = new Set([1, 2]);

/** Hashes of a request's parts; with `places`, taken with those folders replaced by placeholders (version 2). */
export function hashRequest(request: ProviderRequest, places?: Places): RequestHashes {
  const digest = (value: unknown): string => createHash('sha256').update(withPlaceholders(JSON.stringify(value), places)).digest('hex').slice(0, 16);
  return { system: digest(request.system), tools: digest(request.tools), messages: request.messages.map(digest) };
}

/** The first part of `actual` that differs from `recorded`, in words ("the system prompt", "message 3"); undefined when equal. */
export function firstDifference(recorded: RequestHashes, actual: RequestHashes): string | undefined {
  if (recorded.system !== actual.system) return 'the system prompt';
  if (recorded.tools !== actual.tools) return 'the tool list';
  const count = Math.max(recorded.messages.length, actual.messages.length);
  for (let i = 0; i < count; i++) {
    if (recorded.messages[i] !== actual.messages[i]) {
      if (recorded.messages[i] === undefined) return `message ${i + 1} (not in the recording)`;
      if (actual.messages[i] === undefined) return `message ${i + 1} (missing)`;
      return `message ${i + 1}`;
    }
  }
  return undefined;
}

export class RecordingError extends Error {}

/** Reads a recording; a missing file or a first line that is not a recording's header is one plain sentence. */
export function readRecording(file: string): Recording {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new RecordingError(`Cannot read the recording ${file} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}); check the path.`);
  }
  const lines = text.split('\n').filter((line) => line.trim() !== '');
  const parsed: RecordingLine[] = [];
  for (const [i, line] of lines.entries()) {
    try {
      parsed.push(JSON.parse(line) as RecordingLine);
    } catch {
      // A cut-off last line (the recording process was killed) is left out; anything else is damage.
      if (i === lines.length - 1) break;
      throw new RecordingError(`Line ${i + 1} of the recording ${file} is not JSON; the file is damaged.`);
    }
  }
  const header = parsed[0];
  if (header?.type !== 'header') throw new RecordingError(`${file} is not a rein recording; make one with rein --record <file>.`);
  if (!readableVersions.has(header.version)) {
    throw new RecordingError(`${file} is a version ${header.version} recording, which this rein (versions ${[...readableVersions].join(' and ')}) cannot replay; update rein.`);
  }
  const requests = parsed.filter((l): l is Extract<RecordingLine, { type: 'request' }> => l.type === 'request');
  const events = new Map<number, { t: number; event: ProviderEvent }[]>();
  for (const line of parsed) {
    if (line.type !== 'event') continue;
    const list = events.get(line.turn) ?? [];
    list.push({ t: line.t, event: line.event });
    events.set(line.turn, list);
  }
  const toolResults = new Map<string, { content: string; isError: boolean }>();
  for (const line of parsed) if (line.type === 'tool_result') toolResults.set(line.toolUseId, { content: line.content, isError: line.isError });
  const prompts = parsed.flatMap((line) => (line.type === 'prompt' ? [line.text] : []));
  return { header, requests, events, toolResults, prompts };
}
