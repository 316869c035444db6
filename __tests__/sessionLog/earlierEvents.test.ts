// A resume reads only the newest events; the older ones come back a page at a time, whole runs, every one of them.
import fs from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AgentEvent } from '../../source/protocol/events.js';
import { readEarlierEvents, type EarlierEvents } from '../../source/sessionLog/earlierEvents.js';
import { loadSession, resumeLoadOptions } from '../../source/sessionLog/loadSession.js';
import { SessionLog } from '../../source/sessionLog/sessionLog.js';
import { writeTranscript } from '../../bench/renderTranscript.js';
import { makeTempDir, meta, runStart, warning } from './helpers.js';

let tmp: ReturnType<typeof makeTempDir>;
beforeEach(() => (tmp = makeTempDir()));
afterEach(() => tmp.cleanup());

/** Every page before `from`, newest page first, as the screen reads them while scrolling up. */
function pagesBefore(from: EarlierEvents | undefined, size: number): { pages: AgentEvent[][]; warnings: string[] } {
  const pages: AgentEvent[][] = [];
  const warnings: string[] = [];
  for (let next = from; next; ) {
    const page = readEarlierEvents(next, size);
    pages.push(page.events);
    warnings.push(...page.warnings);
    next = page.rest;
  }
  return { pages, warnings };
}

describe('reading a long log for resume', () => {
  it('replays the same history, starts its events at a run, and pages back to the very first event', () => {
    const written = writeTranscript({ sessionsDir: tmp.dir, cwd: '/w', messages: 600, compactAtTokens: 30_000 });
    expect(written.compactions).toBeGreaterThan(2);
    const everything = loadSession(written.file, { maxEvents: Number.POSITIVE_INFINITY });
    expect(everything.earlier).toBeUndefined();
    const loaded = loadSession(written.file, { maxEvents: 100, wholeRuns: true });
    // What the model is sent is the history as the log holds it, however few events are read.
    expect(loaded.history).toEqual(written.history);
    expect(loadSession(written.file, resumeLoadOptions).history).toEqual(written.history);
    expect(loaded.events.length).toBeGreaterThanOrEqual(100);
    expect(loaded.events.length).toBeLessThan(everything.events.length);
    expect(loaded.events[0].type).toBe('run_start');
    const { pages, warnings } = pagesBefore(loaded.earlier, 150);
    expect(warnings).toEqual([]);
    expect(pages.length).toBeGreaterThan(3);
    for (const page of pages) expect(page[0].type === 'run_start' || page === pages.at(-1)).toBe(true);
    expect([...pages.reverse().flat(), ...loaded.events]).toEqual(everything.events);
  });

  it('names a damaged event line, and a line that is no record, in the page that holds them, and reads on past them', () => {
    const log = SessionLog.create({ sessionsDir: tmp.dir, meta: meta('s1') });
    for (let i = 0; i < 10; i++) log.append({ kind: 'event', event: runStart('s1', `run_${i}`, `prompt ${i}`) });
    log.close();
    fs.appendFileSync(log.file, '{"kind":"event","event":{"type":"warn\n\u0000\u0000 not a record\n');
    const again = SessionLog.reopen(log.file);
    for (let i = 10; i < 20; i++) again.append({ kind: 'event', event: runStart('s1', `run_${i}`, `prompt ${i}`) });
    again.close();
    const unreadable = (line: number) => `Line ${line} of ${log.file} could not be read; it was skipped.`;
    // With no compaction to stop at, the resume reads every line and names the one that is no record; the damaged
    // event line, past the newest events, is named by the page that reads it.
    const loaded = loadSession(log.file, { maxEvents: 5, wholeRuns: true });
    expect(loaded.warnings).toEqual([unreadable(13)]);
    const { pages, warnings } = pagesBefore(loaded.earlier, 4);
    expect(warnings).toEqual([unreadable(12)]);
    const prompts = [...pages.reverse().flat(), ...loaded.events].map((e) => (e.type === 'run_start' ? e.prompt : ''));
    expect(prompts).toEqual(Array.from({ length: 20 }, (_, i) => `prompt ${i}`));
    // After a compaction the resume stops early: the line that is no record, older than it, is named by its page.
    const more = SessionLog.reopen(log.file);
    more.append({ kind: 'history', op: 'replace', messages: [] });
    more.append({ kind: 'state', todos: [] });
    more.close();
    const compacted = loadSession(log.file, { maxEvents: 5, wholeRuns: true });
    expect(compacted.warnings).toEqual([]);
    expect(pagesBefore(compacted.earlier, 4).warnings).toEqual([unreadable(13), unreadable(12)]);
  });

  it('keeps going past the limit to the start of the oldest run, but not without end', () => {
    const log = SessionLog.create({ sessionsDir: tmp.dir, meta: meta('s2') });
    log.append({ kind: 'event', event: runStart('s2', 'run_a', 'first') });
    for (let i = 0; i < 30; i++) log.append({ kind: 'event', event: warning(`a${i}`) });
    log.append({ kind: 'event', event: runStart('s2', 'run_b', 'second') });
    for (let i = 0; i < 6; i++) log.append({ kind: 'event', event: warning(`b${i}`) });
    log.close();
    const loaded = loadSession(log.file, { maxEvents: 4, wholeRuns: true });
    expect(loaded.events).toHaveLength(7);
    expect(loaded.events[0]).toMatchObject({ type: 'run_start', prompt: 'second' });
    // A run longer than twice the page is cut at twice the page.
    const page = readEarlierEvents(loaded.earlier as EarlierEvents, 4);
    expect(page.events).toHaveLength(8);
    expect(page.events.map((e) => (e.type === 'warning' ? e.message : ''))).toEqual(Array.from({ length: 8 }, (_, i) => `a${22 + i}`));
    expect(page.rest).toBeDefined();
    // A log read to its first event has nothing earlier.
    expect(loadSession(log.file, { maxEvents: 100, wholeRuns: true }).earlier).toBeUndefined();
  });
});
