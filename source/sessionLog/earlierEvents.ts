// Reads the events of a log older than what resume loaded, a page at a time, for a transcript scrolled up past its top.
import type { AgentEvent } from '../protocol/events.js';
import type { EarlierEvents } from '../protocol/sessions.js';
import { lineNumberAt, readLinesBackward } from './lines.js';
import { isLogRecord, pageOfRunsFull, parseLine, runStartLinePrefix } from './records.js';

export type { EarlierEvents } from '../protocol/sessions.js';

export interface EarlierPage {
  /** Oldest first. */
  events: AgentEvent[];
  /** What is left before them; undefined once the page reached the start of the log. */
  rest?: EarlierEvents;
  /** One plain sentence per damaged line skipped. */
  warnings: string[];
}

const eventLinePrefix = '{"kind":"event"';
const recordLinePrefix = '{"kind":"';

const unreadable = (file: string, offset: number): string => `Line ${lineNumberAt(file, offset)} of ${file} could not be read; it was skipped.`;

/**
 * The newest `maxEvents` events before `from.before` (every one left with Infinity), read backwards from there, so a
 * page costs what it holds whatever the log's length; like `loadSession` with `wholeRuns`, the page goes on to the
 * start of its oldest run (up to as many events again). Other records are passed over: the history and todo lists a
 * resume needs were read already.
 */
export function readEarlierEvents(from: EarlierEvents, maxEvents: number): EarlierPage {
  const events: AgentEvent[] = [];
  const warnings: string[] = [];
  let oldest = from.before;
  let oldestIsRunStart = false;
  for (const line of readLinesBackward(from.file, undefined, from.before)) {
    if (line.offset === 0) return { events: events.reverse(), warnings }; // the header
    if (!line.text.startsWith(eventLinePrefix)) {
      // Other records were read by the resume or are superseded; a line that is no record at all is named, as a
      // resume names it.
      const named = from.examinedFrom !== undefined && line.offset >= from.examinedFrom;
      if (!named && !line.text.startsWith(recordLinePrefix) && line.text.trim() !== '') warnings.push(unreadable(from.file, line.offset));
      continue;
    }
    if (pageOfRunsFull(events.length, maxEvents, oldestIsRunStart)) return { events: events.reverse(), rest: { ...from, before: oldest }, warnings };
    const value = parseLine(line.text);
    if (isLogRecord(value) && value.kind === 'event') events.push(value.event);
    else warnings.push(unreadable(from.file, line.offset));
    oldest = line.offset;
    oldestIsRunStart = line.text.startsWith(runStartLinePrefix);
  }
  return { events: events.reverse(), warnings };
}
