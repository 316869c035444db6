// Reading a session log back: exact history replay, skipped damaged lines, missing headers and bounded events.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AssistantMessage, Message } from '../../source/protocol/messages.js';
import { loadSession } from '../../source/sessionLog/loadSession.js';
import { SessionLogError } from '../../source/sessionLog/records.js';
import { SessionLog } from '../../source/sessionLog/sessionLog.js';
import { makeTempDir, meta, runStart, warning } from './helpers.js';

const id = '20261130-081500-ab12cd';
let tmp: ReturnType<typeof makeTempDir>;
beforeEach(() => (tmp = makeTempDir()));
afterEach(() => tmp.cleanup());

const assistantCall: AssistantMessage = {
  role: 'assistant',
  content: [
    { type: 'thinking', thinking: 'look first', signature: 'sig' },
    { type: 'tool_use', id: 'call_1', name: 'read_file', input: { path: 'a.txt' } },
  ],
};

function newLog(): SessionLog {
  return SessionLog.create({ sessionsDir: tmp.dir, meta: meta(id) });
}

function lines(file: string): string[] {
  return fs.readFileSync(file, 'utf8').split('\n');
}

describe('loadSession', () => {
  it('does not parse records a later rewrite or newer events supersede', () => {
    const log = newLog();
    log.append({ kind: 'history', op: 'append_text', text: 'old question' });
    for (let i = 0; i < 5; i++) log.append({ kind: 'event', event: runStart(id, `run_${i}`, `prompt ${i}`) });
    log.close();
    // A damaged record before the rewrite is never read, so it cannot matter.
    fs.appendFileSync(log.file, '{"kind":"history","op":"append","message":{"role":"us\n');
    const again = SessionLog.reopen(log.file);
    again.append({ kind: 'history', op: 'replace', messages: [{ role: 'user', content: [{ type: 'text', text: 'summary' }] }] });
    again.append({ kind: 'history', op: 'append_text', text: 'new question' });
    again.append({ kind: 'event', event: runStart(id, 'run_5', 'prompt 5') });
    again.close();
    const loaded = loadSession(log.file, { maxEvents: 2 });
    expect(loaded.history).toEqual([{ role: 'user', content: [{ type: 'text', text: 'summary' }, { type: 'text', text: 'new question' }] }]);
    expect(loaded.events.map((e) => (e.type === 'run_start' ? e.prompt : ''))).toEqual(['prompt 4', 'prompt 5']);
    expect(loaded.droppedEvents).toBe(4);
    expect(loaded.warnings).toEqual([]);
  });

  it('replays append, append_text and replace into the exact history, with todos and events', () => {
    const log = newLog();
    log.append({ kind: 'event', event: runStart(id, 'run_1', 'read a.txt') });
    log.append({ kind: 'history', op: 'append_text', text: 'read a.txt' });
    log.append({ kind: 'history', op: 'append_text', text: '<system-reminder>date</system-reminder>' });
    log.append({ kind: 'history', op: 'append', message: assistantCall });
    log.append({ kind: 'history', op: 'append', message: { role: 'user', content: [{ type: 'tool_result', toolUseId: 'call_1', content: 'hello', isError: false }] } });
    log.append({ kind: 'history', op: 'append_text', text: 'reminder after results' });
    log.append({ kind: 'state', todos: [{ content: 'Read', status: 'in_progress', activeForm: 'Reading' }] });
    log.append({ kind: 'history', op: 'append', message: { role: 'assistant', content: [{ type: 'text', text: 'It says hello.' }] } });
    log.append({ kind: 'history', op: 'append_text', text: 'now summarize' });
    log.append({ kind: 'state', todos: [{ content: 'Read', status: 'completed', activeForm: 'Reading' }] });
    const compacted: Message[] = [{ role: 'user', content: [{ type: 'text', text: 'Summary: a.txt says hello.' }] }];
    log.append({ kind: 'history', op: 'replace', messages: compacted });
    log.append({ kind: 'history', op: 'append', message: { role: 'assistant', content: [{ type: 'text', text: 'Done.' }] } });
    log.append({ kind: 'event', event: warning('last') });
    log.close();

    const loaded = loadSession(log.file);
    expect(loaded.warnings).toEqual([]);
    expect(loaded.meta).toEqual({ kind: 'meta', version: 1, ...meta(id) });
    expect(loaded.history).toEqual([
      { role: 'user', content: [{ type: 'text', text: 'Summary: a.txt says hello.' }] },
      { role: 'assistant', content: [{ type: 'text', text: 'Done.' }] },
    ]);
    expect(loaded.todos).toEqual([{ content: 'Read', status: 'completed', activeForm: 'Reading' }]);
    expect(loaded.events).toEqual([runStart(id, 'run_1', 'read a.txt'), warning('last')]);
  });

  it('reproduces the history before a replace, text blocks merged into the right user messages', () => {
    const log = newLog();
    log.append({ kind: 'history', op: 'append_text', text: 'first' });
    log.append({ kind: 'history', op: 'append_text', text: 'second' });
    log.append({ kind: 'history', op: 'append', message: assistantCall });
    log.append({ kind: 'history', op: 'append', message: { role: 'user', content: [{ type: 'tool_result', toolUseId: 'call_1', content: 'hello' }] } });
    log.append({ kind: 'history', op: 'append_text', text: 'third' });
    log.append({ kind: 'history', op: 'append', message: { role: 'assistant', content: [{ type: 'text', text: 'ok' }] } });
    log.append({ kind: 'history', op: 'append_text', text: 'fourth' });

    expect(loadSession(log.file).history).toEqual([
      { role: 'user', content: [{ type: 'text', text: 'first' }, { type: 'text', text: 'second' }] },
      assistantCall,
      { role: 'user', content: [{ type: 'tool_result', toolUseId: 'call_1', content: 'hello' }, { type: 'text', text: 'third' }] },
      { role: 'assistant', content: [{ type: 'text', text: 'ok' }] },
      { role: 'user', content: [{ type: 'text', text: 'fourth' }] },
    ]);
  });

  it('writes each record as one line before append returns', () => {
    const log = newLog();
    expect(lines(log.file)).toHaveLength(2);
    log.append({ kind: 'event', event: warning('now') });
    const written = lines(log.file);
    expect(written).toHaveLength(3);
    expect(written[2]).toBe('');
    expect(JSON.parse(written[1])).toEqual({ kind: 'event', event: warning('now') });
  });

  it('skips a last line cut off mid-write with the cut-off warning and loads the rest', () => {
    const log = newLog();
    log.append({ kind: 'history', op: 'append_text', text: 'hello' });
    log.append({ kind: 'event', event: warning('kept') });
    const half = JSON.stringify({ kind: 'event', event: warning('lost') });
    fs.appendFileSync(log.file, half.slice(0, half.length / 2));

    const loaded = loadSession(log.file);
    expect(loaded.warnings).toEqual([`The last line of ${log.file} was cut off (the session ended abruptly); it was skipped.`]);
    expect(loaded.events).toEqual([warning('kept')]);
    expect(loaded.history).toEqual([{ role: 'user', content: [{ type: 'text', text: 'hello' }] }]);
  });

  it('falls back to the earlier rewrite and todo list when the newest ones are cut off', () => {
    const log = newLog();
    log.append({ kind: 'history', op: 'append_text', text: 'before' });
    log.append({ kind: 'history', op: 'replace', messages: [{ role: 'user', content: [{ type: 'text', text: 'first summary' }] }] });
    log.append({ kind: 'state', todos: [{ content: 'a', activeForm: 'doing a', status: 'pending' }] });
    log.append({ kind: 'history', op: 'append', message: { role: 'assistant', content: [{ type: 'text', text: 'after' }] } });
    const torn = JSON.stringify({ kind: 'state', todos: [] });
    fs.appendFileSync(log.file, `${torn.slice(0, 12)}\n`);
    const half = JSON.stringify({ kind: 'history', op: 'replace', messages: [{ role: 'user', content: [{ type: 'text', text: 'second summary' }] }] });
    fs.appendFileSync(log.file, half.slice(0, half.length - 5));

    const loaded = loadSession(log.file);
    expect(loaded.history).toEqual([
      { role: 'user', content: [{ type: 'text', text: 'first summary' }] },
      { role: 'assistant', content: [{ type: 'text', text: 'after' }] },
    ]);
    expect(loaded.todos).toEqual([{ content: 'a', activeForm: 'doing a', status: 'pending' }]);
    expect(loaded.warnings).toHaveLength(2);
  });

  it('skips unreadable lines in the middle and names their line numbers', () => {
    const log = newLog();
    log.append({ kind: 'event', event: warning('one') });
    fs.appendFileSync(log.file, 'garbage {\n');
    fs.appendFileSync(log.file, '{"kind":"history","op":"append"}\n');
    log.append({ kind: 'event', event: warning('two') });

    const loaded = loadSession(log.file);
    expect(loaded.warnings).toEqual([
      `Line 3 of ${log.file} could not be read; it was skipped.`,
      `Line 4 of ${log.file} could not be read; it was skipped.`,
    ]);
    expect(loaded.events).toEqual([warning('one'), warning('two')]);
  });

  it('throws a SessionLogError when the header line is missing or cut off', () => {
    const file = path.join(tmp.dir, 'log.jsonl');
    fs.writeFileSync(file, `${JSON.stringify({ kind: 'event', event: warning('no header') })}\n`);
    expect(() => loadSession(file)).toThrow(SessionLogError);
    expect(() => loadSession(file)).toThrow(/does not start with a session header/);

    fs.writeFileSync(file, '');
    expect(() => loadSession(file)).toThrow(/has no session header/);

    fs.writeFileSync(file, JSON.stringify({ kind: 'meta', version: 1, ...meta(id) }).slice(0, 30));
    expect(() => loadSession(file)).toThrow(/has no session header/);
  });

  it('refuses a log written in a newer format and a log that does not exist', () => {
    const file = path.join(tmp.dir, 'log.jsonl');
    fs.writeFileSync(file, `${JSON.stringify({ kind: 'meta', ...meta(id), version: 2 })}\n`);
    expect(() => loadSession(file)).toThrow(/format 2.*update rein/);
    expect(() => loadSession(path.join(tmp.dir, 'missing.jsonl'))).toThrow(SessionLogError);
  });

  it('keeps only the newest events when asked, but the whole history', () => {
    const log = newLog();
    for (let i = 0; i < 50; i++) {
      log.append({ kind: 'event', event: warning(`e${i}`) });
      log.append({ kind: 'history', op: 'append', message: { role: i % 2 ? 'assistant' : 'user', content: [{ type: 'text', text: `m${i}` }] } as Message });
    }
    const loaded = loadSession(log.file, { maxEvents: 10 });
    expect(loaded.events.map((e) => (e.type === 'warning' ? e.message : ''))).toEqual(Array.from({ length: 10 }, (_, i) => `e${40 + i}`));
    expect(loaded.droppedEvents).toBe(40);
    expect(loaded.history).toHaveLength(50);
    expect(loadSession(log.file).events).toHaveLength(50);
  });
});
