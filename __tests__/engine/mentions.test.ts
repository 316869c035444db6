// `@path` in a user message attaches the file (read as read_file reads it, so it may be edited at once),
// a folder's listing, and leaves handles, MCP resources and unreadable paths alone or named.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { findMentions } from '../../source/engine/mentions.js';
import { parseRule, type PermissionRule } from '../../source/permissions/rules.js';
import { lastToolResults, makeHarness, runEnd, runPrompt, userTexts, type Harness } from '../support/engineHarness.js';

let h: Harness | undefined;
afterEach(async () => {
  await h?.cleanup();
  h = undefined;
});

describe('findMentions', () => {
  it('takes @words after whitespace, quoted paths, and drops trailing punctuation', () => {
    expect(findMentions('look at @src/a.ts, then @"my notes.txt" and (@b.md).')).toEqual(['src/a.ts', 'my notes.txt']);
    expect(findMentions('@first.ts\n@second.ts?')).toEqual(['first.ts', 'second.ts']);
  });

  it('is not fooled by e-mail addresses or MCP resources', () => {
    expect(findMentions('mail me@example.com or read @github:repo://issues')).toEqual([]);
  });
});

describe('@ mentions in a session', () => {
  it('attaches the file, announces it, and an edit needs no read_file first', async () => {
    h = makeHarness((_request, index) =>
      index === 0
        ? { toolCalls: [{ name: 'edit_file', input: { path: 'src/math.js', old_string: 'a - b', new_string: 'a + b' } }] }
        : { text: 'Fixed.' });
    mkdirSync(join(h.workspace, 'src'));
    writeFileSync(join(h.workspace, 'src/math.js'), 'export const add = (a, b) => a - b;\n');
    const events = await runPrompt(h.session, 'fix @src/math.js please');
    expect(runEnd(events).reason).toBe('done');
    expect(events.find((e) => e.type === 'attachments')).toMatchObject({ items: ['src/math.js (1 line)'] });
    const first = h.provider.requests[0];
    const texts = userTexts(first);
    expect(texts[0]).toBe('fix @src/math.js please');
    expect(texts[1]).toContain('<attached-file path="src/math.js">');
    expect(texts[1]).toContain('export const add = (a, b) => a - b;');
    // Counted as read: the edit went through without a read_file.
    expect(lastToolResults(h.provider.requests[1])[0]).not.toMatch(/read it first|has not been read/i);
    expect(h.invalidRequests).toEqual([]);
  });

  it('attaches a folder as its listing, and leaves a mention of nothing as plain text', async () => {
    h = makeHarness([{ text: 'ok' }]);
    mkdirSync(join(h.workspace, 'docs/guide'), { recursive: true });
    writeFileSync(join(h.workspace, 'docs/a.md'), 'a');
    const events = await runPrompt(h.session, 'what is in @docs and @nothing-here?');
    expect(events.find((e) => e.type === 'attachments')).toMatchObject({ items: ['docs/ (2 entries)'] });
    const texts = userTexts(h.provider.requests[0]);
    expect(texts[1]).toContain('<attached-folder path="docs">\na.md\nguide/\n</attached-folder>');
    expect(events.filter((e) => e.type === 'warning')).toEqual([]);
  });

  it('a path the rules deny, or outside the workspace, is named in one warning and not attached', async () => {
    h = makeHarness([{ text: 'ok' }], { permissions: { rules: [parseRule('Read(**/secret.txt)', 'deny', 'test', { workspace: '/' }) as PermissionRule] } });
    writeFileSync(join(h.workspace, 'secret.txt'), 'the secret');
    const events = await runPrompt(h.session, 'show @secret.txt and @/etc/hostname');
    const warnings = events.filter((e) => e.type === 'warning').map((e) => (e as { message: string }).message);
    expect(warnings[0]).toMatch(/^@secret\.txt was not attached: a rule denies reading it/);
    expect(warnings[1]).toMatch(/^@\/etc\/hostname was not attached: /);
    expect(JSON.stringify(h.provider.requests[0].messages)).not.toContain('the secret');
    expect(events.some((e) => e.type === 'attachments')).toBe(false);
  });
});
