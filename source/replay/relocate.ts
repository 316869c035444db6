// A recording made in one place replayed in another: the recorded folders (the workspace root, the memory folders)
// become the current ones in everything the recording hands back (tool arguments, text, tool results, prompts),
// streamed pieces included, and request hashes name those folders by placeholder so they match anywhere.
import type { ProviderEvent } from '../providers/types.js';
import type { Places, Recording } from './recordingFormat.js';

export type { Places };

/** The folders a session's requests may name that differ from one machine or checkout to the next. */
const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const jsonInner = (text: string): string => JSON.stringify(text).slice(1, -1);

/** A folder worth mapping: "/" (or nothing) would match every path. */
const mappable = (path: string | undefined): path is string => path !== undefined && path.replace(/[/\\]+$/, '') !== '';

/**
 * One pass over the text for all the folders, longest first, each as a whole path: "/tmp/a" matches in "/tmp/a/x.js",
 * "/tmp/a" and "in /tmp/a.", never in "/tmp/ab" or "/tmp/a.js". Returns undefined when there is nothing to replace.
 */
function replacer(pairs: ReadonlyMap<string, string>): { pattern: RegExp; to: (found: string) => string } | undefined {
  const froms = [...pairs.keys()].filter(mappable).sort((a, b) => b.length - a.length);
  if (froms.length === 0) return undefined;
  return { pattern: new RegExp(`(?:${froms.map(escapeRegExp).join('|')})(?![\\w-]|\\.\\w)`, 'g'), to: (found) => pairs.get(found) ?? found };
}

/** `json` with each named folder (as written inside JSON strings) replaced by `<name>`; for hashing. */
export function withPlaceholders(json: string, places: Places | undefined): string {
  if (!places) return json;
  const entries = Object.entries(places) as Array<[string, string | undefined]>;
  const pairs = new Map(entries.filter((entry): entry is [string, string] => mappable(entry[1])).map(([name, path]) => [jsonInner(path), `<${name}>`]));
  const r = replacer(pairs);
  return r ? json.replace(r.pattern, r.to) : json;
}

/**
 * Replaces the folders in text that arrived in pieces, keeping the pieces: each piece boundary moves with the text
 * around it, and one that fell inside a replaced folder moves to its end.
 */
export function replaceInPieces(pieces: readonly string[], pairs: ReadonlyMap<string, string>): string[] {
  const r = replacer(pairs);
  if (!r) return [...pieces];
  const whole = pieces.join('');
  const found = [...whole.matchAll(r.pattern)].map((m) => ({ start: m.index, end: m.index + m[0].length, to: r.to(m[0]) }));
  if (found.length === 0) return [...pieces];
  const mapped = whole.replace(r.pattern, r.to);
  const moved = (position: number): number => {
    let shift = 0;
    for (const { start, end, to } of found) {
      if (position <= start) break;
      if (position < end) return start + shift + to.length;
      shift += to.length - (end - start);
    }
    return position + shift;
  };
  const result: string[] = [];
  let at = 0;
  let offset = 0;
  for (const piece of pieces) {
    offset += piece.length;
    const next = moved(offset);
    result.push(mapped.slice(at, next));
    at = next;
  }
  return result;
}

/** Every string inside `value` with the folders replaced. */
function replaceDeep<T>(value: T, pairs: ReadonlyMap<string, string>): T {
  if (typeof value === 'string') return replaceInPieces([value], pairs)[0] as T;
  if (Array.isArray(value)) return value.map((item: unknown) => replaceDeep(item, pairs)) as T;
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, replaceDeep(item, pairs)])) as T;
  }
  return value;
}

type TimedEvent = { t: number; event: ProviderEvent };

/** One turn's events with the folders replaced: text and thinking as text, each call's arguments as JSON on their own. */
function relocateTurn(events: readonly TimedEvent[], pairs: ReadonlyMap<string, string>): TimedEvent[] {
  const jsonPairs = new Map([...pairs].map(([from, to]) => [jsonInner(from), jsonInner(to)]));
  const out = events.map(({ t, event }) => ({ t, event: event.type === 'done' ? replaceDeep(event, pairs) : event }));
  const streams = new Map<string, number[]>();
  out.forEach(({ event }, index) => {
    const key = event.type === 'text_delta' || event.type === 'thinking_delta' ? event.type : event.type === 'tool_call_delta' ? `tool:${event.id}` : undefined;
    if (key !== undefined) streams.set(key, [...(streams.get(key) ?? []), index]);
  });
  for (const [key, indexes] of streams) {
    const pieceOf = (event: ProviderEvent): string => (event.type === 'tool_call_delta' ? event.partialJson : 'text' in event ? event.text : '');
    const replaced = replaceInPieces(indexes.map((i) => pieceOf(out[i].event)), key.startsWith('tool:') ? jsonPairs : pairs);
    indexes.forEach((i, n) => {
      const event = out[i].event;
      if (event.type === 'tool_call_delta') out[i] = { t: out[i].t, event: { ...event, partialJson: replaced[n] } };
      else if (event.type === 'text_delta' || event.type === 'thinking_delta') out[i] = { t: out[i].t, event: { ...event, text: replaced[n] } };
    });
  }
  return out;
}

/** The recording as if made at `places`: unchanged when it names no places (version 1) or was made there. */
export function relocateRecording(recording: Recording, places: Places): Recording {
  const recorded = recording.header.places;
  if (!recorded) return recording;
  const pairs = new Map<string, string>();
  for (const [name, from] of Object.entries(recorded) as Array<[keyof Places, string | undefined]>) {
    const to = places[name];
    if (mappable(from) && to !== undefined && from !== to) pairs.set(from, to);
  }
  if (pairs.size === 0) return recording;
  return {
    ...recording,
    header: { ...recording.header, facts: replaceDeep(recording.header.facts, pairs) },
    events: new Map([...recording.events].map(([turn, list]) => [turn, relocateTurn(list, pairs)])),
    toolResults: new Map([...recording.toolResults].map(([id, result]) => [id, replaceDeep(result, pairs)])),
    prompts: recording.prompts.map((prompt) => replaceDeep(prompt, pairs)),
  };
}
