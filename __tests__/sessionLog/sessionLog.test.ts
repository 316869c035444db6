// Writing the session log: creation, reopening for resume, and write failures that never reach the caller.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AgentEvent } from '../../source/protocol/events.js';
import { loadSession } from '../../source/sessionLog/loadSession.js';
import { SessionLogError } from '../../source/sessionLog/records.js';
import { SessionLog } from '../../source/sessionLog/sessionLog.js';
import { makeTempDir, meta, warning } from './helpers.js';

const id = '20261130-081500-ab12cd';
let tmp: ReturnType<typeof makeTempDir>;
beforeEach(() => (tmp = makeTempDir()));
afterEach(() => tmp.cleanup());

const messages = (file: string) => loadSession(file).events.map((e) => (e.type === 'warning' ? e.message : e.type));

describe('SessionLog', () => {
  it('creates <sessionsDir>/<id>/log.jsonl with the meta line first, next to existing saved outputs', () => {
    const sessionsDir = path.join(tmp.dir, 'sessions');
    fs.mkdirSync(path.join(sessionsDir, id, 'outputs'), { recursive: true });
    const log = SessionLog.create({ sessionsDir, meta: meta(id) });
    expect(log.file).toBe(path.join(sessionsDir, id, 'log.jsonl'));
    expect(JSON.parse(fs.readFileSync(log.file, 'utf8'))).toEqual({ kind: 'meta', version: 1, ...meta(id) });
  });

  it('with lazy, writes nothing until a prompt or message arrives, then everything in order', () => {
    const sessionsDir = path.join(tmp.dir, 'sessions');
    const log = SessionLog.create({ sessionsDir, meta: meta(id), lazy: true });
    log.append({ kind: 'event', event: warning('opened') });
    expect(fs.existsSync(log.file)).toBe(false);
    log.append({ kind: 'event', event: { type: 'run_start', sessionId: id, runId: 'r1', prompt: 'hello' } });
    expect(fs.existsSync(log.file)).toBe(true);
    log.append({ kind: 'history', op: 'append_text', text: 'hello' });
    expect(messages(log.file)).toEqual(['opened', 'run_start']);
    expect(loadSession(log.file).history).toEqual([{ role: 'user', content: [{ type: 'text', text: 'hello' }] }]);
  });

  it('with lazy, leaves no log and no empty folder behind when closed before anything worth keeping', () => {
    const sessionsDir = path.join(tmp.dir, 'sessions');
    const log = SessionLog.create({ sessionsDir, meta: meta(id), lazy: true });
    log.append({ kind: 'event', event: warning('opened') });
    log.close();
    expect(fs.existsSync(log.file)).toBe(false);
    expect(fs.readdirSync(sessionsDir)).toEqual([]);
    // A lazy log still refuses an id whose log exists, at once.
    SessionLog.create({ sessionsDir, meta: meta(id) });
    expect(() => SessionLog.create({ sessionsDir, meta: meta(id), lazy: true })).toThrow(/already exists/);
  });

  it('refuses to overwrite an existing log or to use an id that is not a folder name', () => {
    const log = SessionLog.create({ sessionsDir: tmp.dir, meta: meta(id) });
    log.append({ kind: 'event', event: warning('keep me') });
    expect(() => SessionLog.create({ sessionsDir: tmp.dir, meta: meta(id) })).toThrow(/already exists/);
    expect(messages(log.file)).toEqual(['keep me']);
    expect(() => SessionLog.create({ sessionsDir: tmp.dir, meta: meta('../escape') })).toThrow(SessionLogError);
  });

  it('throws a SessionLogError when the sessions folder cannot be created', () => {
    const notADir = path.join(tmp.dir, 'file');
    fs.writeFileSync(notADir, 'x');
    expect(() => SessionLog.create({ sessionsDir: notADir, meta: meta(id) })).toThrow(/Could not create the session log/);
  });

  it('reopens a log and appends after the records already there', () => {
    const first = SessionLog.create({ sessionsDir: tmp.dir, meta: meta(id) });
    first.append({ kind: 'event', event: warning('before') });
    first.close();
    const again = SessionLog.reopen(first.file);
    again.append({ kind: 'event', event: warning('after') });
    expect(messages(first.file)).toEqual(['before', 'after']);
    expect(loadSession(first.file).warnings).toEqual([]);
  });

  it('starts a fresh line when reopening a log whose last line was cut off', () => {
    const first = SessionLog.create({ sessionsDir: tmp.dir, meta: meta(id) });
    first.append({ kind: 'event', event: warning('before') });
    fs.appendFileSync(first.file, '{"kind":"event","ev');
    SessionLog.reopen(first.file).append({ kind: 'event', event: warning('after') });

    const loaded = loadSession(first.file);
    expect(loaded.events.map((e) => (e.type === 'warning' ? e.message : ''))).toEqual(['before', 'after']);
    expect(loaded.warnings).toEqual([`Line 3 of ${first.file} could not be read; it was skipped.`]);
  });

  it('refuses to reopen a log that does not exist', () => {
    expect(() => SessionLog.reopen(path.join(tmp.dir, 'nope', 'log.jsonl'))).toThrow(/Could not open the session log/);
    expect(() => SessionLog.reopen(tmp.dir)).toThrow(SessionLogError);
  });

  it('reports a write failure once through onError, never throws, and keeps writing once it can', () => {
    const log = SessionLog.create({ sessionsDir: tmp.dir, meta: meta(id) });
    const onError = vi.fn();
    log.onError = onError;
    log.append({ kind: 'event', event: warning('saved') });
    fs.rmSync(path.dirname(log.file), { recursive: true });

    expect(() => {
      for (let i = 0; i < 3; i++) log.append({ kind: 'event', event: warning(`lost ${i}`) });
    }).not.toThrow();
    expect(onError).toHaveBeenCalledTimes(1);
    expect(onError.mock.calls[0][0]).toContain(log.file);
    expect(onError.mock.calls[0][0]).toMatch(/^Could not write the session log .*ENOENT/);
    expect(log.error).toBe(onError.mock.calls[0][0]);

    fs.mkdirSync(path.dirname(log.file));
    log.append({ kind: 'event', event: warning('back') });
    const records = fs.readFileSync(log.file, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l));
    expect(records).toEqual([{ kind: 'event', event: warning('back') }]);
    expect(onError).toHaveBeenCalledTimes(1);
  });

  it('reports a record that cannot be serialized and still writes the next one', () => {
    const log = SessionLog.create({ sessionsDir: tmp.dir, meta: meta(id) });
    const onError = vi.fn(() => {
      throw new Error('handler failed');
    });
    log.onError = onError;
    const circular: Record<string, unknown> = { type: 'tool_start' };
    circular.input = circular;
    expect(() => log.append({ kind: 'event', event: circular as unknown as AgentEvent })).not.toThrow();
    log.append({ kind: 'event', event: warning('next') });
    expect(onError).toHaveBeenCalledTimes(1);
    expect(log.error).toMatch(/could not be saved/);
    expect(messages(log.file)).toEqual(['next']);
  });

  it('ignores records appended after close', () => {
    const log = SessionLog.create({ sessionsDir: tmp.dir, meta: meta(id) });
    log.append({ kind: 'event', event: warning('in') });
    log.close();
    log.append({ kind: 'event', event: warning('out') });
    expect(messages(log.file)).toEqual(['in']);
  });
});
